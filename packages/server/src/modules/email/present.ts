import type { EmailConfigResponse, SentEmail } from '@leadline/shared/email';
import { imapOf, smtpOf } from './accounts-repo.ts';
import type { MailAccountRow } from './accounts-repo.ts';
import type { ReplyRow } from './replies-repo.ts';
import type { LeadEmailRow } from './sent-repo.ts';

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

const addresses = (list: string): string[] =>
  list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** One email of a lead's history (bcc stays with the sender and is not shown). */
export const toSentEmail = (row: LeadEmailRow): SentEmail => ({
  _id: row.id,
  subject: row.subject,
  to: row.to,
  cc: addresses(row.cc),
  messageId: row.messageId,
  kind: row.kind,
  status: row.status,
  ...(row.error ? { error: row.error } : {}),
  sentAt: row.sentAt.toISOString(),
  sender: row.userId ? { name: row.senderName ?? '', email: row.fromAddress } : null,
});

/** A reply from the lead, in the lead's history beside the emails sent to it. */
export const toReplyEmail = (row: ReplyRow): SentEmail => ({
  _id: row.id,
  subject: row.subject,
  to: row.toAddress,
  cc: [],
  messageId: row.messageId,
  kind: 'reply',
  status: 'received',
  sentAt: row.receivedAt.toISOString(),
  sender: { name: row.fromName, email: row.fromAddress },
  snippet: row.snippet,
});
