import type { Mailbox } from '@leadline/shared/mailboxes';

/** "3 of 50 sent today", or "3 sent today (no limit)". */
export const sentTodayText = (mailbox: Mailbox): string =>
  mailbox.dailyLimit === null
    ? `${mailbox.sentToday.toLocaleString()} sent today (no limit)`
    : `${mailbox.sentToday.toLocaleString()} of ${mailbox.dailyLimit.toLocaleString()} sent today`;

/** "Jane Doe <jane@example.com>", or the address alone when the user's own name is used. */
export const mailboxLabel = (mailbox: Mailbox, ownName?: string): string => {
  const name = mailbox.fromName ?? ownName;
  return name ? `${name} <${mailbox.email}>` : mailbox.email;
};

/** What deleting a mailbox does, named in the confirmation. */
export const deleteMailboxText = (mailbox: Mailbox, mailboxes: Mailbox[]): string => {
  const next = mailbox.isDefault ? mailboxes.find((other) => other._id !== mailbox._id) : undefined;
  return [
    `Delete the mailbox ${mailbox.email}? Leadline stops sending from it and reading it; the emails it sent stay in the leads' history.`,
    next ? `${next.email} becomes your default mailbox.` : '',
  ]
    .filter(Boolean)
    .join(' ');
};

const PREVIEW_LENGTH = 60;

/** The signature's first line (cut short, "…" when there is more) for the card; "None" without. */
export const signaturePreview = (mailbox: Mailbox): string => {
  if (!mailbox.signature) return 'None';
  const [first = ''] = mailbox.signature.split('\n');
  const cut = first.length > PREVIEW_LENGTH;
  const more = cut || first.length < mailbox.signature.length;
  return more ? `${(cut ? first.slice(0, PREVIEW_LENGTH) : first).trimEnd()}…` : first;
};
