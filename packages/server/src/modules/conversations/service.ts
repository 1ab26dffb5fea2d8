import {
  REPLY_SENT,
  canSeeTeamConversations,
  conversationReplySchema,
} from '@leadline/shared/conversations';
import type {
  CompanyConversationAnswer,
  ConversationAnswer,
  ConversationBody,
  ConversationCounts,
  ConversationMessage,
  ConversationReplyAnswer,
  ConversationsAnswer,
} from '@leadline/shared/conversations';
import { replySubject } from '@leadline/shared/email-compose';
import { eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { leads } from '../../db/schema.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { escapeHtml } from '../../mail/message.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { fillMergeFields, mergeValuesOf } from '@leadline/shared/merge-fields';
import { getLead, organizationOf } from '../leads/service.ts';
import { findMailbox, findSendingMailbox } from '../mail-accounts/stored.ts';
import { threadUnder } from '../replies/threading.ts';
import { checkAttachments, sendThreadedReply } from '../sending/reply.ts';
import type { EmailRequest } from '../sending/reply.ts';
import { answerMessage, byTime, sentMessage, toSummary } from './present.ts';
import {
  countConversations,
  mayAnswerLead,
  findAnswerByMessageId,
  findAnswersOfLeads,
  findMessageOfLead,
  findNeedsReply,
  findSentOfLeads,
  markAnswersRead,
} from './repo.ts';
import type { AnswerOfLead, SentOfLead } from './repo.ts';
import { saveToSentFolder } from './sent-folder.ts';
import { threadIdsOf } from './thread.ts';

export const MESSAGE_NOT_FOUND = 'Message not found in this conversation';
export const TEAM_NOT_ALLOWED =
  "Only administrators and sales managers with the Inbox permission see the team's conversations";

/** The messages of one lead's conversation, threaded, oldest first. */
const messagesOfLead = (sent: SentOfLead[], answers: AnswerOfLead[]): ConversationMessage[] => {
  const threads = threadIdsOf([
    ...sent.map((row) => ({ ...row, sentEmailId: null })),
    ...answers.map((row) => ({ ...row, inReplyTo: row.inReplyTo })),
  ]);
  return [
    ...sent.map((row) => sentMessage(row, threads.get(row.id)!)),
    ...answers.map((row) => answerMessage(row, threads.get(row.id)!)),
  ].sort(byTime);
};

/** GET /api/leads/:id/conversation: every message to and from the lead, oldest first, threaded. */
export const getConversation = async (
  db: Db,
  actor: CurrentUser,
  leadId: string,
): Promise<ConversationAnswer> => {
  const lead = await getLead(db, actor, leadId);
  const organizationId = organizationOf(actor);
  const [sent, answers] = await Promise.all([
    findSentOfLeads(db, organizationId, [lead._id]),
    findAnswersOfLeads(db, organizationId, [lead._id]),
  ]);
  return { messages: messagesOfLead(sent, answers) };
};

/** How many messages a company's conversations show at most (the newest). */
export const COMPANY_CONVERSATION_MAX = 300;

/**
 * The conversations of several leads (a company's) in one timeline: the newest
 * COMPANY_CONVERSATION_MAX messages, oldest first, each threaded within its lead's
 * conversation and named with its lead. `truncated`: older messages were left out.
 */
export const conversationsOfLeads = async (
  db: Db,
  organizationId: string,
  leadsOf: readonly { id: string; name: string }[],
): Promise<CompanyConversationAnswer> => {
  if (leadsOf.length === 0) return { messages: [], truncated: false };
  const ids = leadsOf.map((lead) => lead.id);
  const limit = COMPANY_CONVERSATION_MAX + 1;
  const [sent, answers] = await Promise.all([
    findSentOfLeads(db, organizationId, ids, limit),
    findAnswersOfLeads(db, organizationId, ids, limit),
  ]);
  const messages = leadsOf
    .flatMap((lead) =>
      messagesOfLead(
        sent.filter((row) => row.leadId === lead.id),
        answers.filter((row) => row.leadId === lead.id),
      ).map((message) => ({ ...message, leadId: lead.id, leadName: lead.name })),
    )
    .sort(byTime);
  const truncated = messages.length > COMPANY_CONVERSATION_MAX;
  return { messages: truncated ? messages.slice(-COMPANY_CONVERSATION_MAX) : messages, truncated };
};

/** GET /api/leads/:id/conversation/messages/:messageId: one message's whole text. */
export const getConversationMessage = async (
  db: Db,
  actor: CurrentUser,
  leadId: string,
  messageId: string,
): Promise<ConversationBody> => {
  const lead = await getLead(db, actor, leadId);
  const message = await findMessageOfLead(db, organizationOf(actor), lead._id, messageId);
  if (!message) throw notFound(MESSAGE_NOT_FOUND);
  return { _id: message.id, html: message.html, text: message.text ?? '' };
};

/**
 * The lead conversation an email (by its Message-ID) is part of, when it was found answering
 * a lead's email: for the Inbox's Reply.
 */
/** How long opening a lead's new message waits for the reply check that records it. */
const RECORDED_WAIT_MS = 5000;
const RECORDED_POLL_MS = 250;

/**
 * The conversation an Inbox message belongs to, recording it first when it looks like a lead's
 * answer the reply check has not stored yet (it runs when the inbox is read; `check` runs it
 * again, and a check already under way is waited for, up to RECORDED_WAIT_MS). Cheap lookups
 * first: only a message from a lead's address or naming one of the organisation's emails waits.
 */
export const conversationOfNewMessage = async (
  db: Db,
  organizationId: string,
  message: { messageId: string; from: string | null; threadIds: readonly string[] },
  check: () => Promise<{ status: string }>,
): Promise<{ leadId: string; messageId: string } | null> => {
  const known = await conversationOfMessage(db, organizationId, message.messageId);
  if (known) return known;
  const threadIds = message.threadIds.slice(0, 50);
  if (!(await mayAnswerLead(db, organizationId, message.from?.toLowerCase() ?? null, threadIds)))
    return null;
  const result = await check();
  const deadline = Date.now() + (result.status === 'busy' ? RECORDED_WAIT_MS : 0);
  for (;;) {
    const found = await conversationOfMessage(db, organizationId, message.messageId);
    if (found || Date.now() >= deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, RECORDED_POLL_MS));
  }
};

export const conversationOfMessage = async (
  db: Db,
  organizationId: string,
  messageId: string,
): Promise<{ leadId: string; messageId: string } | null> => {
  const found = await findAnswerByMessageId(db, organizationId, messageId);
  return found ? { leadId: found.leadId, messageId: found.id } : null;
};

/** POST /api/leads/:id/conversation/read: the lead's answers are read (its conversation opened). */
export const markConversationRead = async (
  db: Db,
  actor: CurrentUser,
  leadId: string,
): Promise<{ read: number }> => {
  const lead = await getLead(db, actor, leadId);
  return { read: await markAnswersRead(db, organizationOf(actor), lead._id) };
};

/** The leads a list of conversations covers: the caller's own, or (managers) the team's. */
const scopeOf = (actor: CurrentUser, scope: 'mine' | 'team'): SQL | undefined => {
  if (scope === 'mine') return eq(leads.ownerId, actor.id);
  if (!canSeeTeamConversations(actor)) throw forbidden(TEAM_NOT_ALLOWED);
  return undefined;
};

/** GET /api/conversations?needsReply=true: conversations whose last message is the lead's. */
export const listConversations = async (
  db: Db,
  actor: CurrentUser,
  query: { scope: 'mine' | 'team'; limit: number },
): Promise<ConversationsAnswer> => {
  const rows = await findNeedsReply(
    db,
    organizationOf(actor),
    scopeOf(actor, query.scope),
    query.limit,
  );
  return { conversations: rows.map(toSummary) };
};

/** GET /api/conversations/counts: for the navigation. */
export const conversationCounts = (
  db: Db,
  actor: CurrentUser,
  scope: 'mine' | 'team',
): Promise<ConversationCounts> =>
  countConversations(db, organizationOf(actor), scopeOf(actor, scope));

/**
 * POST /api/leads/:id/reply: answers a message of the lead's conversation, from the mailbox the
 * thread is on when it is the caller's (else their default), to whoever wrote it (the lead
 * copied in when a colleague did), threaded under it; merge fields filled. Then the reply goes
 * into the mailbox's Sent folder too.
 */
export const replyInConversation = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  leadId: string,
  request: EmailRequest,
): Promise<ConversationReplyAnswer> => {
  const lead = await getLead(db, actor, leadId);
  const data = conversationReplySchema.parse(request.fields);
  const attachments = checkAttachments(request.files);
  const answered = await findMessageOfLead(db, organizationOf(actor), lead._id, data.inReplyTo);
  if (!answered) throw notFound(MESSAGE_NOT_FOUND);
  const own = answered.mailboxId ? await findMailbox(db, actor.id, answered.mailboxId) : undefined;
  const mailbox = await findSendingMailbox(db, actor.id, own?.id ?? null);
  const writer = answered.direction === 'in' ? answered.from.toLowerCase() : lead.personEmail;
  const to = writer || lead.personEmail;
  const cc = to === lead.personEmail ? data.cc : [lead.personEmail, ...data.cc];
  const html = fillMergeFields(data.body, mergeValuesOf(lead, actor.name), escapeHtml);
  const headers = threadUnder({
    messageId: answered.messageId,
    references: answered.references.split(' ').filter(Boolean),
  });
  const sent = await sendThreadedReply(
    db,
    box,
    actor,
    {
      leadId: lead._id,
      to,
      cc: [...new Set(cc.filter((address) => address !== to))],
      subject: data.subject || replySubject(answered.subject),
      html,
      priority: data.priority,
      attachments,
      inReplyTo: headers.inReplyTo,
      references: headers.references,
      mailboxId: mailbox?.id ?? null,
    },
    async (delivery) => ({
      name: mailbox?.fromName ?? actor.name,
      address: delivery.from,
      signature: mailbox?.signature ?? null,
    }),
  );
  const folder = await saveToSentFolder(db, box, mailbox, sent.raw);
  return { message: REPLY_SENT, ...folder };
};
