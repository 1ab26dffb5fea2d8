/**
 * The mail-accounts module's door for other modules: a user's stored SMTP and IMAP settings
 * (passwords still sealed), the row lock a send takes while it counts today's sends, and the
 * mailbox's pacing between campaign emails.
 */
export {
  findMailAccount,
  grantOf,
  imapOf,
  lockMailAccount,
  setPacedUntil,
  smtpOf,
  takePaceSlot,
} from './repo.ts';
export type { StoredGrant, StoredServer, StoredSmtp } from './repo.ts';
