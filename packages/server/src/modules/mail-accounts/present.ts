import type { EmailConfigResponse } from '@leadline/shared/email';
import { imapOf, smtpOf, warmupOf } from './repo.ts';
import type { MailAccountRow } from './repo.ts';

/** The user's mail settings as GET /api/email/config shows them: never a password. */
export const toEmailConfig = (
  row: MailAccountRow | undefined,
  now = new Date(),
): EmailConfigResponse['config'] => {
  const smtp = smtpOf(row, now);
  const imap = imapOf(row);
  const warmup = warmupOf(row);
  return {
    smtp: smtp
      ? {
          id: row!.id,
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          user: smtp.user,
          dailyLimit: row!.smtpDailyLimit,
          warmup: warmup && { start: warmup.start, increment: warmup.increment },
          warmupStartedOn: warmup?.startedOn ?? null,
          effectiveDailyLimit: smtp.dailyLimit,
        }
      : null,
    imap: imap ? { host: imap.host, port: imap.port, secure: imap.secure, user: imap.user } : null,
    provider: row?.provider ?? 'password',
    status: row?.status ?? 'ok',
    email: row && row.provider !== 'password' ? row.smtpUser : null,
  };
};
