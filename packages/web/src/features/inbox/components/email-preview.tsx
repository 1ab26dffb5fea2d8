import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconPaperclip, IconPhoto } from '@tabler/icons-react';
import { formatAddress } from '@leadline/shared/inbox';
import type { InboxAttachment, InboxMessage, MailAddress } from '@leadline/shared/inbox';
import { EmailFrame } from '../../../components/email-frame.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useDownloadAttachment } from '../api/download-attachment.ts';
import { NO_SUBJECT, formatBytes } from './inbox-format.ts';

const addressLine = (list: MailAddress[]) => list.map(formatAddress).join(', ');

type AttachmentsProps = { emailId: string; files: InboxAttachment[]; mailbox?: string };

const Attachments = ({ emailId, files, mailbox }: AttachmentsProps) => {
  const download = useDownloadAttachment();
  const save = (attachment: InboxAttachment) =>
    download.mutate(
      { emailId, attachment, mailbox },
      {
        onError: (error) =>
          notifyError(errorMessage(error, 'Failed to download the attachment.'), error),
      },
    );
  return (
    <Group gap="xs" aria-label="Attachments" role="group">
      {files.map((file) => (
        <Button
          key={file.index}
          size="xs"
          variant="default"
          leftSection={<IconPaperclip size={14} aria-hidden />}
          loading={download.isPending && download.variables?.attachment.index === file.index}
          onClick={() => save(file)}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          h="auto"
          py={4}
        >
          {file.filename} ({formatBytes(file.size)})
        </Button>
      ))}
    </Group>
  );
};

type EmailPreviewProps = {
  email: InboxMessage;
  /** The mailbox it was read from (undefined: the default). */
  mailbox?: string;
  /** What can be done with it (composed by the app: answering in the lead's conversation). */
  actions?: ReactNode;
};

/** The preview pane (from, subject, body), with attachments and images. */
export const EmailPreview = ({ email, mailbox, actions }: EmailPreviewProps) => {
  const [remoteImages, setRemoteImages] = useState(false);
  const subject = email.subject || NO_SUBJECT;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
        {subject}
      </Title>
      <Stack gap={2}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            From:{' '}
          </Text>
          {email.from || 'Unknown sender'}
        </Text>
        {email.to.length > 0 ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            To: {addressLine(email.to)}
          </Text>
        ) : null}
        {email.cc.length > 0 ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Cc: {addressLine(email.cc)}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {formatDateTime(email.date, 'No date')}
        </Text>
      </Stack>
      {actions}
      {email.attachments.length > 0 ? (
        <Attachments emailId={email._id} files={email.attachments} mailbox={mailbox} />
      ) : null}
      {email.html && email.remoteImages > 0 && !remoteImages ? (
        <Alert variant="light" color="gray" icon={<IconPhoto size={18} />} p="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              Remote images are hidden: loading them can tell the sender you opened this email.
            </Text>
            <Button size="xs" variant="default" onClick={() => setRemoteImages(true)}>
              Load remote images
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Divider />
      {email.html ? (
        <EmailFrame html={email.html} remoteImages={remoteImages} title={`Email: ${subject}`} />
      ) : email.text ? (
        <Text
          size="sm"
          component="div"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="email-text"
        >
          {email.text}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          This email has no text.
        </Text>
      )}
    </Stack>
  );
};
