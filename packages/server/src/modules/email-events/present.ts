import type { SentEmail } from '@leadline/shared/email';
import { sanitiseEmailHtml } from '../../mail/sanitize.ts';
import type { sentEmails } from '../../db/schema.ts';

/** A sent email's row with its sender's name, as a lead's history reads it. */
export type LeadEmailRow = typeof sentEmails.$inferSelect & { senderName: string | null };

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
  kind: 'sent',
  via: row.kind,
  status: row.status,
  ...(row.error ? { error: row.error } : {}),
  sentAt: row.sentAt.toISOString(),
  sender: row.userId ? { name: row.senderName ?? '', email: row.fromAddress } : null,
  bounce: row.bounce,
  // Shown in the app: cleaned as received mail is, whatever the body holds.
  bodyHtml: row.bodyHtml === null ? null : sanitiseEmailHtml(row.bodyHtml).html,
});
