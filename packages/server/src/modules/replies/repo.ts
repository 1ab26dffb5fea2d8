import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { mailAccounts, sentEmails, users } from '../../db/schema.ts';
import { emailReplies, emailReplyCursors } from '../../db/tables/email-jobs.ts';

export type ReplyCursorRow = typeof emailReplyCursors.$inferSelect;
export type NewReply = typeof emailReplies.$inferInsert;
export type ReplyRow = typeof emailReplies.$inferSelect;

/**
 * Takes the mailbox's inbox for one check (a lease of `leaseSeconds`), creating its cursor on
 * the first check. Undefined while another check of that inbox holds it.
 */
export const claimReplyCursor = async (
  db: Db,
  mailboxId: string,
  leaseSeconds: number,
): Promise<ReplyCursorRow | undefined> => {
  const until = sql`now() + make_interval(secs => ${leaseSeconds})`;
  const [row] = await db
    .insert(emailReplyCursors)
    .values({ mailboxId, leaseUntil: until })
    .onConflictDoUpdate({
      target: emailReplyCursors.mailboxId,
      set: { leaseUntil: until },
      setWhere: or(
        isNull(emailReplyCursors.leaseUntil),
        lt(emailReplyCursors.leaseUntil, sql`now()`),
      ),
    })
    .returning();
  return row;
};

/** Where the check got to (or why it failed); gives up the lease. */
export const saveReplyCursor = async (
  db: Db,
  mailboxId: string,
  cursor: { uidValidity?: number; lastUid?: number; lastError: string | null },
): Promise<void> => {
  await db
    .update(emailReplyCursors)
    .set({ ...cursor, checkedAt: sql`now()`, leaseUntil: null })
    .where(eq(emailReplyCursors.mailboxId, mailboxId));
};

/**
 * Mailboxes with IMAP settings whose inbox was not checked in the last `minutes`, with their
 * user and organisation, taken round-robin across organisations: each organisation's longest waiting
 * inbox first, then every organisation's second…, so that one organisation's many inboxes
 * never push another's out of a pass.
 */
export const findInboxesDue = async (db: Db, minutes: number, limit: number) => {
  const waited = sql`${emailReplyCursors.checkedAt} ASC NULLS FIRST, ${mailAccounts.id}`;
  const rows = await db
    .select({
      mailboxId: mailAccounts.id,
      userId: mailAccounts.userId,
      organizationId: users.organizationId,
    })
    .from(mailAccounts)
    .innerJoin(users, eq(users.id, mailAccounts.userId))
    .leftJoin(emailReplyCursors, eq(emailReplyCursors.mailboxId, mailAccounts.id))
    .where(
      and(
        isNotNull(mailAccounts.imapHost),
        isNotNull(users.organizationId),
        eq(users.status, 'active'),
        or(
          isNull(emailReplyCursors.checkedAt),
          lt(emailReplyCursors.checkedAt, sql`now() - make_interval(mins => ${minutes})`),
        ),
      ),
    )
    .orderBy(
      sql`row_number() OVER (PARTITION BY ${users.organizationId} ORDER BY ${waited})`,
      waited,
    )
    .limit(limit);
  return rows.map((row) => ({ ...row, organizationId: row.organizationId! }));
};

/** The organisation's emails to leads with one of these Message-IDs. */
export const findSentByMessageIds = (db: Db, organizationId: string, messageIds: string[]) =>
  messageIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: sentEmails.id, leadId: sentEmails.leadId, messageId: sentEmails.messageId })
        .from(sentEmails)
        .where(
          and(
            eq(sentEmails.organizationId, organizationId),
            inArray(sentEmails.messageId, messageIds),
            isNotNull(sentEmails.leadId),
          ),
        );

/** Stores a reply once per organisation; the row, or null when it was already stored. */
export const insertReply = async (db: Db, reply: NewReply): Promise<ReplyRow | null> => {
  const rows = await db.insert(emailReplies).values(reply).onConflictDoNothing().returning();
  return rows[0] ?? null;
};

/** A lead's replies, newest first. */
export const findLeadReplies = (
  db: Db,
  organizationId: string,
  leadId: string,
  limit: number,
): Promise<ReplyRow[]> =>
  db
    .select()
    .from(emailReplies)
    .where(and(eq(emailReplies.organizationId, organizationId), eq(emailReplies.leadId, leadId)))
    .orderBy(desc(emailReplies.receivedAt), desc(emailReplies.id))
    .limit(limit);

/** The last email delivered to the lead: what a follow-up threads under. */
export const findLastSentTo = async (
  db: Db,
  leadId: string,
): Promise<
  | Pick<
      typeof sentEmails.$inferSelect,
      'messageId' | 'references' | 'subject' | 'userId' | 'mailboxId'
    >
  | undefined
> => {
  const [row] = await db
    .select({
      messageId: sentEmails.messageId,
      references: sentEmails.references,
      subject: sentEmails.subject,
      userId: sentEmails.userId,
      mailboxId: sentEmails.mailboxId,
    })
    .from(sentEmails)
    .where(and(eq(sentEmails.leadId, leadId), eq(sentEmails.status, 'sent')))
    .orderBy(desc(sentEmails.sentAt), desc(sentEmails.id))
    .limit(1);
  return row;
};
