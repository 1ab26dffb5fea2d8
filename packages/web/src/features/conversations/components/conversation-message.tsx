import { Badge, Box, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowBackUp, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { ConversationKind, ConversationMessage } from '@leadline/shared/conversations';
import { formatDateTime } from '../../../lib/format.ts';
import { MessageBody } from './message-body.tsx';
import { canAnswer, senderOf } from './threads.ts';

const KIND_BADGE: Record<Exclude<ConversationKind, 'email'>, { label: string; color: string }> = {
  reply: { label: 'Reply', color: 'grape' },
  auto_reply: { label: 'Auto-reply', color: 'gray' },
  bounce: { label: 'Bounce', color: 'red' },
};

/** A sent email's status worth a word ('sent' is the normal case: no badge). */
const STATUS_BADGE: Record<string, { label: string; color: string }> = {
  failed: { label: 'Failed', color: 'red' },
  unconfirmed: { label: 'Not confirmed', color: 'yellow' },
  sending: { label: 'Sending', color: 'blue' },
  queued: { label: 'Queued', color: 'gray' },
};

const MessageBadges = ({ message }: { message: ConversationMessage }) => {
  const kind = message.kind === 'email' ? null : KIND_BADGE[message.kind];
  const status = message.status ? STATUS_BADGE[message.status] : undefined;
  return (
    <>
      {message.unread ? (
        <Badge size="xs" variant="filled" color="blue">
          New
        </Badge>
      ) : null}
      {kind ? (
        <Badge
          size="xs"
          variant={message.kind === 'bounce' ? 'filled' : 'light'}
          color={kind.color}
        >
          {kind.label}
        </Badge>
      ) : null}
      {status ? (
        <Badge size="xs" variant="light" color={status.color}>
          {status.label}
        </Badge>
      ) : null}
    </>
  );
};

type ConversationMessageItemProps = {
  leadId: string;
  message: ConversationMessage;
  expanded: boolean;
  onToggle: () => void;
  /** Opens the composer answering this message; absent: the user may not reply. */
  onReply?: () => void;
};

/**
 * One message of the conversation: who wrote it (us, or the lead or a colleague with name and
 * address), what it is, when, to whom, and its start; expanded, its whole text.
 */
export const ConversationMessageItem = ({
  leadId,
  message,
  expanded,
  onToggle,
  onReply,
}: ConversationMessageItemProps) => {
  const ours = message.direction === 'out';
  const bodyId = `conversation-body-${message._id}`;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      bg={ours ? 'var(--mantine-color-default-hover)' : undefined}
      aria-label={`${ours ? 'Sent' : 'From'} ${ours ? message.to : senderOf(message)}: ${message.subject}`}
      data-testid="conversation-message"
      data-unread={message.unread || undefined}
    >
      <Stack gap={6}>
        <UnstyledButton
          onClick={onToggle}
          aria-expanded={expanded}
          aria-controls={bodyId}
          style={{ display: 'block', width: '100%', minWidth: 0 }}
        >
          <Group gap={6} wrap="nowrap" align="flex-start">
            <Box mt={2} c="dimmed" aria-hidden>
              {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            </Box>
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Group gap={6} wrap="wrap">
                <Text
                  size="sm"
                  fw={message.unread ? 700 : 600}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {ours ? 'Sent by us' : senderOf(message)}
                </Text>
                <MessageBadges message={message} />
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {formatDateTime(message.at)}
                {ours && message.from ? ` · from ${message.from}` : ''}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                To: {message.to || '—'}
                {message.cc ? ` · Cc: ${message.cc}` : ''}
              </Text>
              {expanded ? null : (
                <Text
                  size="sm"
                  fw={message.unread ? 600 : undefined}
                  lineClamp={2}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {message.snippet || '(no text)'}
                </Text>
              )}
            </Stack>
          </Group>
        </UnstyledButton>
        {expanded ? (
          <Box id={bodyId} pl={20}>
            <MessageBody leadId={leadId} messageId={message._id} subject={message.subject} />
          </Box>
        ) : null}
        {onReply && canAnswer(message) ? (
          <Group justify="flex-end">
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconArrowBackUp size={14} />}
              onClick={onReply}
              aria-label={`Reply to ${ours ? 'the email' : senderOf(message)} of ${formatDateTime(message.at)}`}
            >
              Reply
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
};
