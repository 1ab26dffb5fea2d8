import { Badge, Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconEdit, IconStar, IconTrash } from '@tabler/icons-react';
import { LabelledValue } from '../../../components/labelled-value.tsx';
import { MailboxStatusBadge } from '../../../components/mailbox-status-badge.tsx';
import type { Mailbox } from '@leadline/shared/mailboxes';
import { MAILBOX_PROVIDER_NAMES as PROVIDER_NAMES } from '@leadline/shared/mail-oauth';
import { sentTodayText, signaturePreview } from './mailbox-texts.ts';

const hostOf = (server: { host: string; port: number } | null) =>
  server ? `${server.host}:${server.port}` : 'Not set';

type MailboxCardProps = {
  mailbox: Mailbox;
  busy: 'default' | 'delete' | null;
  onMakeDefault: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

/**
 * One mailbox: address, from-name, Default badge, provider, status, today's count, servers,
 * the signature's first line.
 */
export const MailboxCard = ({
  mailbox,
  busy,
  onMakeDefault,
  onEdit,
  onDelete,
}: MailboxCardProps) => (
  <Paper withBorder radius="md" p="md" component="article" aria-label={`Mailbox ${mailbox.email}`}>
    <Stack gap="sm">
      <Stack gap={4}>
        <Title order={4} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {mailbox.email}
        </Title>
        <Group gap={6}>
          {mailbox.isDefault ? (
            <Badge color="blue" variant="filled">
              Default
            </Badge>
          ) : null}
          <Badge color="gray" variant="light">
            {PROVIDER_NAMES[mailbox.provider]}
          </Badge>
          <MailboxStatusBadge status={mailbox.status} />
        </Group>
      </Stack>
      <SimpleGrid cols={2} spacing="sm">
        <LabelledValue label="From name" value={mailbox.fromName ?? 'Your own name'} />
        <LabelledValue
          label="Today"
          value={mailbox.smtp ? sentTodayText(mailbox) : 'Does not send'}
        />
        <LabelledValue label="SMTP" value={hostOf(mailbox.smtp)} />
        <LabelledValue label="IMAP" value={hostOf(mailbox.imap)} />
        <LabelledValue label="Signature" value={signaturePreview(mailbox)} />
      </SimpleGrid>
      <Group gap="xs" justify="flex-end">
        {mailbox.isDefault ? null : (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconStar size={14} />}
            loading={busy === 'default'}
            onClick={onMakeDefault}
            aria-label={`Make ${mailbox.email} the default mailbox`}
          >
            Make default
          </Button>
        )}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconEdit size={14} />}
          onClick={onEdit}
          aria-label={`Edit mailbox ${mailbox.email}`}
        >
          Edit
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          loading={busy === 'delete'}
          onClick={onDelete}
          aria-label={`Delete mailbox ${mailbox.email}`}
        >
          Delete
        </Button>
      </Group>
    </Stack>
  </Paper>
);
