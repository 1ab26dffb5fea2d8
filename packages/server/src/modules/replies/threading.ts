import type { Db } from '../../db/connection.ts';
import { findLastSentTo } from './repo.ts';

export type LastMessage = {
  messageId: string;
  references: string[];
  subject: string;
  /** Who sent it, from which of their mailboxes (null once that mailbox is gone). */
  userId: string | null;
  mailboxId: string | null;
};
export type ThreadHeaders = { inReplyTo: string; references: string[] };

/** The last email delivered to the lead, which a follow-up threads under; null if none. */
export const lastMessageTo = async (db: Db, leadId: string): Promise<LastMessage | null> => {
  const row = await findLastSentTo(db, leadId);
  if (!row) return null;
  return {
    messageId: row.messageId,
    references: row.references.split(/\s+/).filter(Boolean),
    subject: row.subject,
    userId: row.userId,
    mailboxId: row.mailboxId,
  };
};

const MAX_REFERENCES = 20;

/**
 * In-Reply-To = the last Message-ID; References = its References, then that Message-ID
 * (RFC 5322 §3.6.4). A long chain keeps its first ID and the most recent ones.
 */
export const threadUnder = (last: Pick<LastMessage, 'messageId' | 'references'>): ThreadHeaders => {
  const chain = [...last.references.filter((id) => id !== last.messageId), last.messageId];
  const references =
    chain.length > MAX_REFERENCES
      ? [chain[0]!, ...chain.slice(chain.length - (MAX_REFERENCES - 1))]
      : chain;
  return { inReplyTo: last.messageId, references };
};
