import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconMessageCheck } from '@tabler/icons-react';
import type { ConversationSummary } from '@leadline/shared/conversations';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import type { ConversationScope } from '../api/conversation-keys.ts';
import { useNeedsReply } from '../api/get-needs-reply.ts';

const Row = ({ item, onOpen }: { item: ConversationSummary; onOpen: (leadId: string) => void }) => (
  <Paper component="li" withBorder radius="md" data-testid="needs-reply-row">
    <UnstyledButton
      onClick={() => onOpen(item.leadId)}
      p="sm"
      style={{ display: 'block', width: '100%' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={item.unread > 0 ? 700 : 600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.leadName || item.leadEmail}
            </Text>
            {item.companyName ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {item.companyName}
              </Text>
            ) : null}
          </Group>
          <Text
            size="sm"
            fw={item.unread > 0 ? 600 : undefined}
            style={{ overflowWrap: 'anywhere' }}
          >
            {item.subject || '(no subject)'}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {item.snippet}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="xs" c="dimmed" title={formatDateTime(item.lastMessageAt)}>
            {`Replied ${formatRelativeTime(item.lastMessageAt)}`}
          </Text>
          {item.unread > 0 ? (
            <Badge size="sm" color="blue">
              {item.unread} unread
            </Badge>
          ) : null}
        </Stack>
      </Group>
    </UnstyledButton>
  </Paper>
);

type NeedsReplyListProps = { scope: ConversationScope; onOpen: (leadId: string) => void };

/** The conversations whose last message is the lead's, the longest waiting first. */
export const NeedsReplyList = ({ scope, onOpen }: NeedsReplyListProps) => {
  const list = useNeedsReply(scope);
  if (list.isPending) return <Loader size="sm" aria-label="Loading conversations" />;
  if (list.isError) {
    return (
      <Alert color="red" variant="light" maw={560}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(list.error, 'Failed to load the conversations')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (list.data.conversations.length === 0) {
    return (
      <Stack align="center" gap={6} py="xl">
        <IconMessageCheck size={32} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text c="dimmed" ta="center">
          {scope === 'team'
            ? 'Nobody in the team owes a lead an answer.'
            : 'You are all caught up: no lead is waiting for your answer.'}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {list.data.conversations.map((item) => (
        <Row key={item.leadId} item={item} onOpen={onOpen} />
      ))}
    </Stack>
  );
};
