import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { NAME_KEY_PREFIX } from '@leadline/shared/companies';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';
import { leads, sentEmails } from '../../db/schema.ts';
import { meetingAttendees, meetings } from '../../db/tables/calendar.ts';
import { emailReplies } from '../../db/tables/email-jobs.ts';
import { containsPattern } from '../leads/query.ts';

/**
 * The leads that belong to a company: every lead but those with neither a website nor a
 * company name (key 'name:'), which belong to none.
 */
const companyLeads = (organizationId: string, search: string): SQL | undefined => {
  const pattern = search ? containsPattern(search.toLowerCase()) : null;
  return and(
    eq(leads.organizationId, organizationId),
    ne(leads.companyKey, NAME_KEY_PREFIX),
    pattern
      ? or(
          sql`${leads.companyKey} LIKE ${pattern}`,
          sql`lower(${leads.companyName}) LIKE ${pattern}`,
        )
      : undefined,
  );
};

/** The order companies are listed in: by domain or normalised name, as one alphabet. */
const listOrder = sql`CASE WHEN ${leads.companyKey} LIKE 'name:%' THEN substr(${leads.companyKey}, 6) ELSE ${leads.companyKey} END`;

/** One page of company keys (those with a lead whose company name or key matches `search`). */
export const findCompanyKeys = async (
  db: Db,
  organizationId: string,
  search: string,
  offset: number,
  limit: number,
): Promise<string[]> => {
  const rows = await db
    .select({ key: sql<string>`${leads.companyKey}` })
    .from(leads)
    .where(companyLeads(organizationId, search))
    .groupBy(leads.companyKey)
    .orderBy(asc(listOrder), asc(leads.companyKey))
    .offset(offset)
    .limit(limit);
  return rows.map((row) => row.key);
};

export const countCompanies = async (
  db: Db,
  organizationId: string,
  search: string,
): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`count(DISTINCT ${leads.companyKey})`.mapWith(Number) })
    .from(leads)
    .where(companyLeads(organizationId, search));
  return row?.n ?? 0;
};

export type CompanySummaryRow = {
  key: string;
  name: string;
  contacts: number;
  ownerIds: string[];
  lastEmailAt: number | null;
  lastActivityAt: number;
};

type RawSummary = {
  key: string;
  name: string;
  contacts: number;
  owner_ids: string[] | null;
  last_email_ms: number | null;
  last_activity_ms: number;
};

const epochMs = (value: SQL) => sql`(extract(epoch FROM ${value}) * 1000)::float8`;

/**
 * Each company's figures: contacts, the most common company name, its contacts' owners, the
 * last email sent to a contact and the last activity (a contact created or changed, an email
 * sent or received, a note or call); each lead's latest email, reply and note read from their
 * per-lead indexes.
 */
export const findCompanySummaries = async (
  db: Db,
  organizationId: string,
  keys: readonly string[],
): Promise<CompanySummaryRow[]> => {
  if (keys.length === 0) return [];
  const result = await db.execute(sql`
    SELECT l.company_key AS key,
      coalesce(mode() WITHIN GROUP (ORDER BY l.company_name) FILTER (WHERE l.company_name <> ''), '') AS name,
      count(*)::int AS contacts,
      array_agg(DISTINCT l.owner_id) FILTER (WHERE l.owner_id IS NOT NULL) AS owner_ids,
      ${epochMs(sql`max(e.at)`)} AS last_email_ms,
      ${epochMs(sql`greatest(max(l.created_at), max(l.updated_at), max(e.at), max(r.at), max(n.at))`)} AS last_activity_ms
    FROM leads l
    LEFT JOIN LATERAL (
      SELECT max(s.sent_at) AS at FROM sent_emails s WHERE s.lead_id = l.id AND s.status = 'sent'
    ) e ON true
    LEFT JOIN LATERAL (
      SELECT max(x.received_at) AS at FROM email_replies x WHERE x.lead_id = l.id
    ) r ON true
    LEFT JOIN LATERAL (
      SELECT max(k.created_at) AS at FROM lead_notes k
      WHERE k.organization_id = ${organizationId} AND k.lead_id = l.id
    ) n ON true
    WHERE l.organization_id = ${organizationId} AND l.company_key IN (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})
    GROUP BY l.company_key`);
  return rowsOf<RawSummary>(result).map((row) => ({
    key: row.key,
    name: row.name,
    contacts: Number(row.contacts),
    ownerIds: row.owner_ids ?? [],
    lastEmailAt: row.last_email_ms === null ? null : Number(row.last_email_ms),
    lastActivityAt: Number(row.last_activity_ms),
  }));
};

/** A company's contacts (its leads), newest first. */
export const findCompanyContacts = (db: Db, organizationId: string, key: string, limit: number) =>
  db
    .select()
    .from(leads)
    .where(and(eq(leads.organizationId, organizationId), eq(leads.companyKey, key)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);

/** A company's leads (up to `limit`, newest first), with what names them. */
export const findCompanyLeadNames = (db: Db, organizationId: string, key: string, limit: number) =>
  db
    .select({
      id: leads.id,
      firstName: leads.personFirstName,
      lastName: leads.personLastName,
      email: leads.personEmail,
    })
    .from(leads)
    .where(and(eq(leads.organizationId, organizationId), eq(leads.companyKey, key)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);

/** Emails sent to these leads, newest first. */
export const findSentTo = (db: Db, organizationId: string, leadIds: string[], limit: number) =>
  db
    .select({
      id: sentEmails.id,
      leadId: sql<string>`${sentEmails.leadId}`,
      address: sentEmails.to,
      subject: sentEmails.subject,
      at: sentEmails.sentAt,
    })
    .from(sentEmails)
    .where(
      and(
        eq(sentEmails.organizationId, organizationId),
        inArray(sentEmails.leadId, leadIds),
        eq(sentEmails.status, 'sent'),
      ),
    )
    .orderBy(desc(sentEmails.sentAt), desc(sentEmails.id))
    .limit(limit);

/** Replies (and automatic answers) received from these leads, newest first. */
export const findReceivedFrom = (
  db: Db,
  organizationId: string,
  leadIds: string[],
  limit: number,
) =>
  db
    .select({
      id: emailReplies.id,
      leadId: emailReplies.leadId,
      address: emailReplies.fromAddress,
      subject: emailReplies.subject,
      snippet: emailReplies.snippet,
      at: emailReplies.receivedAt,
    })
    .from(emailReplies)
    .where(
      and(
        eq(emailReplies.organizationId, organizationId),
        inArray(emailReplies.leadId, leadIds),
        ne(emailReplies.kind, 'bounce'),
      ),
    )
    .orderBy(desc(emailReplies.receivedAt), desc(emailReplies.id))
    .limit(limit);

/** The organisation's meetings one of these addresses (lower-cased) is invited to, newest first. */
export const findMeetingsWith = async (
  db: Db,
  organizationId: string,
  emails: string[],
  limit: number,
) => {
  const rows = await db
    .select({
      id: meetings.id,
      topic: meetings.topic,
      startsAt: meetings.startsAt,
      endsAt: meetings.endsAt,
      attendees: sql<
        string[]
      >`array_agg(lower(${meetingAttendees.email}) ORDER BY ${meetingAttendees.position})`,
    })
    .from(meetings)
    .innerJoin(meetingAttendees, eq(meetingAttendees.meetingId, meetings.id))
    .where(
      and(
        eq(meetings.organizationId, organizationId),
        inArray(sql`lower(${meetingAttendees.email})`, emails),
      ),
    )
    .groupBy(meetings.id)
    .orderBy(desc(meetings.startsAt), desc(meetings.id))
    .limit(limit);
  return rows;
};
