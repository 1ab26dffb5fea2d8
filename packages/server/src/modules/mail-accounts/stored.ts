/**
 * The mail-accounts module's door for other modules: a user's mailboxes with their stored SMTP
 * and IMAP settings (passwords still sealed), adding, changing and removing them, the row lock a send takes while it counts today's sends, and the
 * mailbox's pacing between campaign emails.
 */
export {
  deleteMailbox,
  findMailAccount,
  findMailbox,
  imapOf,
  insertMailbox,
  listMailboxes,
  lockMailAccount,
  setDefaultMailbox,
  setPacedUntil,
  smtpOf,
  takePaceSlot,
  updateMailbox,
} from './repo.ts';
export type { MailAccountRow, MailboxChanges, StoredServer, StoredSmtp } from './repo.ts';
export { ownMailboxId } from './own.ts';
