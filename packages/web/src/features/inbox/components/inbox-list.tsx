import { Button, Center, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { InboxEmail } from '@leadline/shared/inbox';
import { formatDateTime } from '../../../lib/format.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { NO_SUBJECT } from './inbox-format.ts';
import classes from './inbox.module.css';

const senderName = (email: InboxEmail) =>
  email.sender?.name || email.sender?.address || 'Unknown sender';

type InboxRowProps = { email: InboxEmail; selected: boolean; onSelect: (id: string) => void };

const InboxRow = ({ email, selected, onSelect }: InboxRowProps) => (
  <UnstyledButton
    className={classes.row}
    data-selected={selected || undefined}
    aria-current={selected ? 'true' : undefined}
    onClick={() => onSelect(email._id)}
    title={email.from}
  >
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text fw={600} size="sm" truncate>
        {senderName(email)}
      </Text>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        {email.hasAttachments ? <IconPaperclip size={14} aria-label="Has attachments" /> : null}
        <Text
          component="time"
          size="xs"
          c="dimmed"
          dateTime={email.date}
          title={formatDateTime(email.date, '')}
        >
          {formatRelativeTime(email.date)}
        </Text>
      </Group>
    </Group>
    <Text size="sm" truncate>
      {email.subject || NO_SUBJECT}
    </Text>
    {email.body ? (
      <Text size="xs" c="dimmed" truncate>
        {email.body}
      </Text>
    ) : null}
  </UnstyledButton>
);

type InboxListProps = {
  emails: InboxEmail[];
  total: number;
  selectedId: string | null;
  onSelect: (id: string) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
};

/** The inbox list (subject, sender, relative date), newest first, paged. */
export const InboxList = ({
  emails,
  total,
  selectedId,
  onSelect,
  hasMore,
  loadingMore,
  onLoadMore,
}: InboxListProps) => (
  <Stack gap={0}>
    <Stack gap={0} component="ul" aria-label="Emails" p={0} m={0} className={classes.list}>
      {emails.map((email) => (
        <li key={email._id}>
          <InboxRow email={email} selected={email._id === selectedId} onSelect={onSelect} />
        </li>
      ))}
    </Stack>
    <Center py="sm" px="sm">
      <Stack gap={6} align="center">
        <Text size="xs" c="dimmed" aria-live="polite" data-testid="inbox-caption">
          Showing {emails.length.toLocaleString()} of{' '}
          {Math.max(total, emails.length).toLocaleString()} {total === 1 ? 'email' : 'emails'}
        </Text>
        {hasMore ? (
          <Button size="xs" variant="light" onClick={onLoadMore} loading={loadingMore}>
            Load older emails
          </Button>
        ) : null}
      </Stack>
    </Center>
  </Stack>
);
