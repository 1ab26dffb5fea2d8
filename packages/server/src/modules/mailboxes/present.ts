import type { Mailbox } from '@leadline/shared/mailboxes';
import { senderAddress } from '../../mail/message.ts';
import { toEmailConfig } from '../mail-accounts/present.ts';
import type { MailAccountRow } from '../mail-accounts/stored.ts';

/** The address a mailbox's emails go from: its SMTP (else IMAP) username when that is an address. */
export const mailboxAddress = (row: MailAccountRow, userEmail: string): string =>
  senderAddress(row.smtpUser ?? row.imapUser ?? '', userEmail);

/** A mailbox as GET /api/email/mailboxes shows it: never a password. */
export const toMailbox = (
  row: MailAccountRow,
  userEmail: string,
  sentToday: number,
  now = new Date(),
): Mailbox => {
  const { smtp, imap } = toEmailConfig(row, now);
  return {
    _id: row.id,
    email: mailboxAddress(row, userEmail),
    provider: row.provider,
    isDefault: row.isDefault,
    status: row.status,
    dailyLimit: smtp?.effectiveDailyLimit ?? null,
    sentToday,
    fromName: row.fromName,
    signature: row.signature,
    smtp,
    imap,
  };
};
