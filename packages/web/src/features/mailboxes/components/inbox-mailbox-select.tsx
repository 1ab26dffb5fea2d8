import { NativeSelect } from '@mantine/core';
import { useMailboxes } from '../api/get-mailboxes.ts';

type InboxMailboxSelectProps = {
  /** The mailbox read ('' for the default). */
  value: string;
  onChange: (mailboxId: string) => void;
};

/** The inbox's "Mailbox": shown only when two or more of the user's mailboxes have IMAP. */
export const InboxMailboxSelect = ({ value, onChange }: InboxMailboxSelectProps) => {
  const mailboxes = useMailboxes();
  const reading = (mailboxes.data?.mailboxes ?? []).filter((mailbox) => mailbox.imap !== null);
  if (reading.length < 2) return null;
  const shown = reading.some((mailbox) => mailbox._id === value)
    ? value
    : (reading.find((mailbox) => mailbox.isDefault) ?? reading[0]!)._id;
  return (
    <NativeSelect
      aria-label="Mailbox"
      value={shown}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={reading.map((mailbox) => ({
        value: mailbox._id,
        label: mailbox.isDefault ? `${mailbox.email} (default)` : mailbox.email,
      }))}
      maw={320}
      style={{ flex: 1, minWidth: 0 }}
    />
  );
};
