import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconCircleCheck, IconMessages } from '@tabler/icons-react';
import type { InboxMessage } from '@leadline/shared/inbox';
import { canUseTemplates, hasPermission } from '@leadline/shared/permissions';
import { useSession } from '../../lib/session.ts';
import { ReplyComposer } from '../../features/conversations/components/reply-composer.tsx';
import type { AnsweredMessage } from '../../features/conversations/components/reply-composer.tsx';
import { replyTemplatePicker } from './lead-drawer-slots.tsx';

/** Said of an email no lead conversation holds: Leadline would not know whose it is. */
export const NOT_A_LEAD_EMAIL =
  "Not part of a lead's conversation, so it can't be answered here: answer it from your mail client.";

type InboxReplyProps = {
  email: InboxMessage;
  /** Opens the lead's conversation (absent: the user may not read leads). */
  onOpenConversation?: (leadId: string) => void;
};

/** The Inbox email as the conversation's message it is (what the composer answers). */
const answeredOf = (email: InboxMessage, messageId: string): AnsweredMessage => ({
  _id: messageId,
  subject: email.subject,
  direction: 'in',
  from: email.sender?.address ?? email.from,
  fromName: email.sender?.name ?? '',
  at: email.date,
});

/**
 * The Inbox's Reply: an email found answering a lead's is answered in the lead's conversation
 * (POST /api/leads/:id/reply: from the mailbox of the thread, threaded, copied to Sent);
 * "Open conversation" shows the lead's whole timeline.
 */
export const InboxReply = ({ email, onOpenConversation }: InboxReplyProps) => {
  const { user } = useSession();
  const [composing, setComposing] = useState(false);
  const [sent, setSent] = useState(false);
  const thread = email.conversation;
  if (!thread) {
    return (
      <Text size="sm" c="dimmed">
        {NOT_A_LEAD_EMAIL}
      </Text>
    );
  }
  // The reply route's permission; the server checks it again.
  const canReply =
    user !== null && (hasPermission(user, 'sendEmailPage') || hasPermission(user, 'inbox'));
  const canTemplate = user !== null && canUseTemplates(user);
  return (
    <Stack gap="sm">
      <Group gap="xs">
        {canReply && !composing ? (
          <Button
            size="xs"
            leftSection={<IconArrowBackUp size={16} />}
            onClick={() => {
              setSent(false);
              setComposing(true);
            }}
          >
            Reply
          </Button>
        ) : null}
        {onOpenConversation ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMessages size={16} />}
            onClick={() => onOpenConversation(thread.leadId)}
          >
            Open conversation
          </Button>
        ) : null}
        {sent ? (
          <Group gap={4} role="status">
            <IconCircleCheck size={16} aria-hidden color="var(--mantine-color-green-text)" />
            <Text size="sm">Reply sent: it is in the lead&apos;s conversation.</Text>
          </Group>
        ) : null}
      </Group>
      {composing ? (
        <ReplyComposer
          leadId={thread.leadId}
          answered={answeredOf(email, thread.messageId)}
          templatePicker={canTemplate ? replyTemplatePicker(thread.leadId) : undefined}
          onSent={() => setSent(true)}
          onDone={() => setComposing(false)}
        />
      ) : null}
    </Stack>
  );
};
