import type { SentEmail } from '@leadline/shared/email';
import type { ReplyRow } from './repo.ts';

/**
 * A message received for the lead (a reply, an automatic answer or a bounce), in the lead's
 * history beside the emails sent to it.
 */
export const toReplyEmail = (row: ReplyRow): SentEmail => ({
  _id: row.id,
  subject: row.subject,
  to: row.toAddress,
  cc: [],
  messageId: row.messageId,
  kind: row.kind,
  via: null,
  status: 'received',
  sentAt: row.receivedAt.toISOString(),
  sender: { name: row.fromName, email: row.fromAddress },
  snippet: row.snippet,
  returnsOn: row.returnsOn,
  bodyHtml: null,
});
