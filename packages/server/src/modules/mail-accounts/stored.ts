/**
 * The mail-accounts module's door for other modules: a user's mailboxes with their stored SMTP
 * and IMAP settings (passwords still sealed), adding, changing and removing them, the row lock a send takes while it counts today's sends, and the
 * mailbox's pacing between campaign emails.
 */
export {
  deleteMailbox,
  findMailAccount,
  findMailbox,
  findSendingMailbox,
  grantOf,
  imapOf,
  insertMailbox,
  listMailboxes,
  lockMailAccount,
  saveSendingLimits,
  setDefaultMailbox,
  setPacedUntil,
  smtpOf,
  takePaceSlot,
  updateMailbox,
  warmupOf,
} from './repo.ts';
export type {
  MailAccountRow,
  MailboxChanges,
  StoredGrant,
  StoredServer,
  StoredSmtp,
} from './repo.ts';
export { ownMailboxId } from './own.ts';
