import type { MailProtocol } from '@leadline/shared/email';

/** SMTP and IMAP as the mail settings screens name them. */
export const PROTOCOL_TITLES: Record<MailProtocol, { name: string; purpose: string }> = {
  smtp: { name: 'SMTP', purpose: 'Outgoing mail: what Leadline sends from' },
  imap: { name: 'IMAP', purpose: 'Incoming mail: what the inbox reads' },
};
