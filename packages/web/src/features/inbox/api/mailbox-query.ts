/** `?mailbox=…` for the inbox's requests ('' when reading the default mailbox). */
export const mailboxQuery = (mailbox: string | undefined): string =>
  mailbox ? `?${new URLSearchParams({ mailbox }).toString()}` : '';
