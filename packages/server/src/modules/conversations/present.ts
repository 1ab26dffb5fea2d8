import type { ConversationMessage, ConversationSummary } from '@leadline/shared/conversations';
import { htmlToText } from '../../mail/message.ts';
import type { AnswerOfLead, SentOfLead } from './repo.ts';

const SNIPPET_MAX = 300;

const snippet = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_MAX ? `${flat.slice(0, SNIPPET_MAX - 1)}…` : flat;
};

/** Oldest first; the same moment in a stable order. */
export const byTime = (a: ConversationMessage, b: ConversationMessage): number =>
  a.at.localeCompare(b.at) || a._id.localeCompare(b._id);

const KINDS = { reply: 'reply', 'auto-reply': 'auto_reply', bounce: 'bounce' } as const;

export const sentMessage = (row: SentOfLead, threadId: string): ConversationMessage => ({
  _id: row.id,
  direction: 'out',
  kind: 'email',
  threadId,
  subject: row.subject,
  from: row.from,
  fromName: '',
  to: row.to,
  cc: row.cc,
  at: row.at.toISOString(),
  unread: false,
  mailboxId: row.mailboxId,
  snippet: snippet(htmlToText(row.start)),
  status: row.status,
});

export const answerMessage = (row: AnswerOfLead, threadId: string): ConversationMessage => ({
  _id: row.id,
  direction: 'in',
  kind: KINDS[row.kind],
  threadId,
  subject: row.subject,
  from: row.from,
  fromName: row.fromName,
  to: row.to,
  cc: row.cc,
  at: row.at.toISOString(),
  unread: row.readAt === null,
  mailboxId: row.mailboxId,
  snippet: row.snippet,
  status: null,
});

export const toSummary = (row: {
  leadId: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  lastMessageAt: Date;
  unread: number;
  subject: string;
  snippet: string;
}): ConversationSummary => ({
  leadId: row.leadId,
  leadName: `${row.firstName} ${row.lastName}`.trim(),
  leadEmail: row.email,
  companyName: row.companyName,
  lastMessageAt: row.lastMessageAt.toISOString(),
  subject: row.subject,
  snippet: row.snippet,
  unread: row.unread,
});
