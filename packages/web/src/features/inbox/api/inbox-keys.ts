/** React Query keys of the inbox. */
export const inboxKeys = {
  all: ['inbox'] as const,
  /** `mailbox`: which of the user's mailboxes ('' for the default). */
  list: (mailbox: string) => ['inbox', 'list', mailbox] as const,
  email: (id: string, mailbox: string) => ['inbox', 'email', mailbox, id] as const,
};
