import type { EmailConfigResponse } from '@leadline/shared/email';
import { imapOf, smtpOf } from './repo.ts';
import type { MailAccountRow } from './repo.ts';

/** The user's mail settings as GET /api/email/config shows them: never a password. */
export const toEmailConfig = (row: MailAccountRow | undefined): EmailConfigResponse['config'] => {
  const smtp = smtpOf(row);
  const imap = imapOf(row);
  return {
    smtp: smtp
      ? {
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          user: smtp.user,
          dailyLimit: smtp.dailyLimit,
        }
      : null,
    imap: imap ? { host: imap.host, port: imap.port, secure: imap.secure, user: imap.user } : null,
  };
};
