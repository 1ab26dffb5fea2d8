import { and, count, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { EmailKind } from '@leadline/shared/email';
import type { Db } from '../../db/connection.ts';
import { leads, sentEmails, users } from '../../db/schema.ts';
import type { LeadRow } from '../leads/repo.ts';

export type SentEmailRow = typeof sentEmails.$inferSelect;

export type NewSentEmail = {
  organizationId: string | null;
  userId: string;
  leadId: string | null;
  jobId?: string | null;
  kind: EmailKind;
  fromAddress: string;
  to: string;
  cc: string[];
  bcc: string[];
  subject: string;
  messageId: string;
  inReplyTo: string | null;
  references: string[];
};

/**
 * Writes the email as 'sending'. Null when the run (`jobId`) already holds an email to this
 * lead: one email per lead per run.
 */
export const insertSentEmail = async (db: Db, email: NewSentEmail): Promise<string | null> => {
  const rows = await db
    .insert(sentEmails)
    .values({
      ...email,
      cc: email.cc.join(', '),
      bcc: email.bcc.join(', '),
      references: email.references.join(' '),
    })
    .onConflictDoNothing()
    .returning({ id: sentEmails.id });
  return rows[0]?.id ?? null;
};

/** Midnight UTC today, computed by the database (one clock for every server process). */
const START_OF_DAY_UTC = sql`(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;

/** Emails of this sender today (UTC) that count against the limit: sent or under way. */
export const countSendsToday = async (db: Db, userId: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(sentEmails)
    .where(
      and(
        eq(sentEmails.userId, userId),
        ne(sentEmails.status, 'failed'),
        sql`${sentEmails.sentAt} >= ${START_OF_DAY_UTC}`,
      ),
    );
  return row!.n;
};

export const finishSentEmail = async (
  db: Db,
  id: string,
  outcome: { status: 'sent' | 'failed'; error?: string | null },
): Promise<void> => {
  await db
    .update(sentEmails)
    .set({ status: outcome.status, error: outcome.error ?? null, sentAt: sql`now()` })
    .where(eq(sentEmails.id, id));
};

export type LeadEmailRow = SentEmailRow & { senderName: string | null };

/** A lead's emails, newest first, with the sender's name. */
export const findLeadEmails = (
  db: Db,
  organizationId: string,
  leadId: string,
  limit: number,
): Promise<LeadEmailRow[]> =>
  db
    .select({ ...getTableColumns(sentEmails), senderName: users.name })
    .from(sentEmails)
    .leftJoin(users, eq(users.id, sentEmails.userId))
    .where(and(eq(sentEmails.organizationId, organizationId), eq(sentEmails.leadId, leadId)))
    .orderBy(desc(sentEmails.sentAt), desc(sentEmails.id))
    .limit(limit);

/** The last email delivered to the lead: what a follow-up threads under. */
export const findLastSentTo = async (
  db: Db,
  leadId: string,
): Promise<Pick<SentEmailRow, 'messageId' | 'references' | 'subject'> | undefined> => {
  const [row] = await db
    .select({
      messageId: sentEmails.messageId,
      references: sentEmails.references,
      subject: sentEmails.subject,
    })
    .from(sentEmails)
    .where(and(eq(sentEmails.leadId, leadId), eq(sentEmails.status, 'sent')))
    .orderBy(desc(sentEmails.sentAt), desc(sentEmails.id))
    .limit(1);
  return row;
};

const {
  searchText: _searchText,
  locationText: _locationText,
  ...leadColumns
} = getTableColumns(leads);

/** The lead has been mailed: mailSent, one more in sentCount, mailSentDate now. */
export const recordLeadMailed = async (
  db: Db,
  organizationId: string,
  leadId: string,
): Promise<LeadRow | undefined> => {
  const [row] = await db
    .update(leads)
    .set({
      mailSent: true,
      sentCount: sql`${leads.sentCount} + 1`,
      mailSentDate: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(leads.organizationId, organizationId), eq(leads.id, leadId)))
    .returning(leadColumns);
  return row;
};

/** The organisation's lead with this address, if any (a follow-up to a lead counts for it). */
export const findLeadIdByEmail = async (
  db: Db,
  organizationId: string,
  email: string,
): Promise<string | undefined> => {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.organizationId, organizationId), eq(leads.personEmail, email)))
    .limit(1);
  return row?.id;
};
