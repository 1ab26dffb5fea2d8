/**
 * The mail-accounts module's door for other modules: a user's stored SMTP and IMAP settings
 * (passwords still sealed), and the row lock a send takes while it counts today's sends.
 */
export { findMailAccount, imapOf, lockMailAccount, smtpOf } from './repo.ts';
export type { StoredServer, StoredSmtp } from './repo.ts';
