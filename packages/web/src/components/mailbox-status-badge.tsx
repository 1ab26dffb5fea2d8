import { Badge } from '@mantine/core';
import type { MailboxStatus } from '@leadline/shared/mail-oauth';

/** Connected, or Reconnect needed (the provider refused the mailbox's grant). */
export const MailboxStatusBadge = ({ status }: { status: MailboxStatus }) =>
  status === 'ok' ? (
    <Badge color="green" variant="light">
      Connected
    </Badge>
  ) : (
    <Badge color="red" variant="light">
      Reconnect needed
    </Badge>
  );
