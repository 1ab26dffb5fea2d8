import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { leads, sentEmails } from '../../db/schema.ts';
import { emailReplies } from '../../db/tables/email-jobs.ts';

/** How many messages of a lead a conversation shows at most (the newest). */
export const CONVERSATION_MAX = 1000;
/** How much of a sent email's HTML its snippet is made from. */
const SNIPPET_SOURCE = 2000;

/** The emails sent to these leads (the newest `limit`), as the conversation reads them. */
export const findSentOfLeads = (
  db: Db,
  organizationId: string,
  leadIds: readonly string[],
  limit = CONVERSATION_MAX,
) =>
  db
    .select({
      id: sentEmails.id,
      leadId: sql<string>`${sentEmails.leadId}`,
      subject: sentEmails.subject,
      from: sentEmails.fromAddress,
      to: sentEmails.to,
      cc: sentEmails.cc,
      at: sentEmails.sentAt,
      status: sentEmails.status,
      mailboxId: sentEmails.mailboxId,
      messageId: sentEmails.messageId,
      inReplyTo: sentEmails.inReplyTo,
      references: sentEmails.references,
      start: sql<string>`left(coalesce(${sentEmails.bodyHtml}, ''), ${SNIPPET_SOURCE})`,
    })
    .from(sentEmails)
    .where(
      and(eq(sentEmails.organizationId, organizationId), inArray(sentEmails.leadId, [...leadIds])),
    )
    .orderBy(desc(sentEmails.sentAt), desc(sentEmails.id))
    .limit(limit);

export type SentOfLead = Awaited<ReturnType<typeof findSentOfLeads>>[number];

/**
 * These leads' answers (replies, automatic answers, bounces; the newest `limit`), as the
 * conversation reads them.
 */
export const findAnswersOfLeads = (
  db: Db,
  organizationId: string,
  leadIds: readonly string[],
  limit = CONVERSATION_MAX,
) =>
  db
    .select({
      id: emailReplies.id,
      leadId: emailReplies.leadId,
      kind: emailReplies.kind,
      subject: emailReplies.subject,
      from: emailReplies.fromAddress,
      fromName: emailReplies.fromName,
      to: emailReplies.toAddress,
      cc: emailReplies.cc,
      at: emailReplies.receivedAt,
      readAt: emailReplies.readAt,
      mailboxId: emailReplies.mailboxId,
      messageId: emailReplies.messageId,
      inReplyTo: emailReplies.inReplyTo,
      references: emailReplies.references,
      sentEmailId: emailReplies.sentEmailId,
      snippet: emailReplies.snippet,
    })
    .from(emailReplies)
    .where(
      and(
        eq(emailReplies.organizationId, organizationId),
        inArray(emailReplies.leadId, [...leadIds]),
      ),
    )
    .orderBy(desc(emailReplies.receivedAt), desc(emailReplies.id))
    .limit(limit);

export type AnswerOfLead = Awaited<ReturnType<typeof findAnswersOfLeads>>[number];

/** The stored answer with this Message-ID in the organisation, if any. */
export const findAnswerByMessageId = async (
  db: Db,
  organizationId: string,
  messageId: string,
): Promise<{ id: string; leadId: string } | undefined> => {
  const [row] = await db
    .select({ id: emailReplies.id, leadId: emailReplies.leadId })
    .from(emailReplies)
    .where(
      and(eq(emailReplies.organizationId, organizationId), eq(emailReplies.messageId, messageId)),
    )
    .limit(1);
  return row;
};

/**
 * Whether an incoming message may be a lead's answer: its sender is a lead's address, or its
 * In-Reply-To / References name one of the organisation's emails (index lookups only).
 */
export const mayAnswerLead = async (
  db: Db,
  organizationId: string,
  from: string | null,
  threadIds: readonly string[],
): Promise<boolean> => {
  if (from) {
    const [lead] = await db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.organizationId, organizationId), eq(leads.personEmail, from)))
      .limit(1);
    if (lead) return true;
  }
  if (threadIds.length === 0) return false;
  const [sent] = await db
    .select({ id: sentEmails.id })
    .from(sentEmails)
    .where(
      and(
        inArray(sentEmails.messageId, [...threadIds]),
        eq(sentEmails.organizationId, organizationId),
      ),
    )
    .limit(1);
  return sent !== undefined;
};

/** One message of the lead's conversation with what answering it needs; undefined if not. */
export const findMessageOfLead = async (
  db: Db,
  organizationId: string,
  leadId: string,
  id: string,
) => {
  const [sent] = await db
    .select({
      id: sentEmails.id,
      subject: sentEmails.subject,
      from: sentEmails.fromAddress,
      to: sentEmails.to,
      mailboxId: sentEmails.mailboxId,
      messageId: sentEmails.messageId,
      references: sentEmails.references,
      html: sentEmails.bodyHtml,
      text: sql<string | null>`NULL`,
    })
    .from(sentEmails)
    .where(
      and(
        eq(sentEmails.id, id),
        eq(sentEmails.organizationId, organizationId),
        eq(sentEmails.leadId, leadId),
      ),
    );
  if (sent) return { ...sent, direction: 'out' as const };
  const [answer] = await db
    .select({
      id: emailReplies.id,
      subject: emailReplies.subject,
      from: emailReplies.fromAddress,
      to: emailReplies.toAddress,
      mailboxId: emailReplies.mailboxId,
      messageId: emailReplies.messageId,
      references: emailReplies.references,
      html: sql<string | null>`NULL`,
      text: sql<string | null>`coalesce(${emailReplies.bodyText}, ${emailReplies.snippet})`,
    })
    .from(emailReplies)
    .where(
      and(
        eq(emailReplies.id, id),
        eq(emailReplies.organizationId, organizationId),
        eq(emailReplies.leadId, leadId),
      ),
    );
  return answer ? { ...answer, direction: 'in' as const } : undefined;
};

export type MessageOfLead = NonNullable<Awaited<ReturnType<typeof findMessageOfLead>>>;

/** Marks the lead's unread answers read (its conversation was opened); answers how many. */
export const markAnswersRead = async (
  db: Db,
  organizationId: string,
  leadId: string,
): Promise<number> => {
  const rows = await db
    .update(emailReplies)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(emailReplies.organizationId, organizationId),
        eq(emailReplies.leadId, leadId),
        isNull(emailReplies.readAt),
      ),
    )
    .returning({ id: emailReplies.id });
  return rows.length;
};

/**
 * What makes a conversation wait for an answer: the lead (of `scope`) has replies from a person
 * and the last came after the last email sent to them. Grouped by lead.
 */
const waitingForAnswer = (organizationId: string, scope: SQL | undefined) => {
  const lastIn = sql<Date>`max(${emailReplies.receivedAt})`;
  const lastOut = sql`(SELECT max(s.sent_at) FROM sent_emails s WHERE s.lead_id = ${emailReplies.leadId} AND s.organization_id = ${organizationId} AND s.status IN ('sent', 'unconfirmed'))`;
  return {
    lastIn,
    where: and(
      eq(emailReplies.organizationId, organizationId),
      eq(leads.organizationId, organizationId),
      eq(emailReplies.kind, 'reply'),
      scope,
    ),
    having: sql`${lastIn} > coalesce(${lastOut}, '-infinity'::timestamptz)`,
  };
};

const unreadCount = () =>
  sql<number>`count(*) FILTER (WHERE ${emailReplies.readAt} IS NULL)`.mapWith(Number).as('unread');

/** Conversations waiting for an answer (waitingForAnswer), oldest first, with their unread replies. */
export const findNeedsReply = (
  db: Db,
  organizationId: string,
  scope: SQL | undefined,
  limit: number,
) => {
  const waiting = waitingForAnswer(organizationId, scope);
  return db
    .select({
      leadId: emailReplies.leadId,
      firstName: leads.personFirstName,
      lastName: leads.personLastName,
      email: leads.personEmail,
      companyName: leads.companyName,
      lastMessageAt: waiting.lastIn
        .mapWith((value: string | Date) => new Date(value))
        .as('last_message_at'),
      unread: unreadCount(),
      subject:
        sql<string>`(array_agg(${emailReplies.subject} ORDER BY ${emailReplies.receivedAt} DESC))[1]`.as(
          'subject',
        ),
      snippet:
        sql<string>`(array_agg(${emailReplies.snippet} ORDER BY ${emailReplies.receivedAt} DESC))[1]`.as(
          'snippet',
        ),
    })
    .from(emailReplies)
    .innerJoin(leads, eq(leads.id, emailReplies.leadId))
    .where(waiting.where)
    .groupBy(
      emailReplies.leadId,
      leads.personFirstName,
      leads.personLastName,
      leads.personEmail,
      leads.companyName,
    )
    .having(waiting.having)
    .orderBy(asc(waiting.lastIn))
    .limit(limit);
};

/** Counted at most (the navigation shows "10000+" past it). */
export const COUNT_MAX = 10_000;

/**
 * How many conversations wait for an answer, and how many replies are unread, in `scope`:
 * counted in the database (one row back), up to COUNT_MAX conversations.
 */
export const countConversations = async (
  db: Db,
  organizationId: string,
  scope: SQL | undefined,
): Promise<{ needsReply: number; unread: number }> => {
  const waiting = waitingForAnswer(organizationId, scope);
  const groups = db
    .select({ unread: unreadCount() })
    .from(emailReplies)
    .innerJoin(leads, eq(leads.id, emailReplies.leadId))
    .where(waiting.where)
    .groupBy(emailReplies.leadId)
    .having(waiting.having)
    .limit(COUNT_MAX)
    .as('waiting');
  const [row] = await db
    .select({
      needsReply: sql<number>`count(*)`.mapWith(Number),
      unread: sql<number>`coalesce(sum(${groups.unread}), 0)`.mapWith(Number),
    })
    .from(groups);
  return { needsReply: row?.needsReply ?? 0, unread: row?.unread ?? 0 };
};
