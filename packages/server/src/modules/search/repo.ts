import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connection.ts';
import {
  campaigns,
  clients,
  emailReplies,
  emailTemplates,
  leadNotes,
  leads,
  meetings,
  sentEmails,
  tasks,
  users,
} from '../../db/tables.ts';
import { containsPattern } from '../leads/query.ts';
import { rowsOf } from '../../db/rows.ts';

/*
 * One query per kind of record, each at most `limit` rows of one organisation. Names and
 * short fields are matched with LIKE on lower-cased text (the leads' and clients' trigram-
 * indexed search_text); the texts of emails, replies, notes and calls with the stored
 * tsvectors of migration 0034 and their GIN indexes.
 *
 * The large kinds (leads, clients, companies, emails, replies, notes) are found newest first
 * in at most two statements, so that neither a common word nor a word nobody wrote makes a
 * search read a whole table. The first walks the organisation's time index over its newest
 * RECENT_WINDOW records and keeps the newest `limit` matches: a word many records hold is found
 * at once, and the matches found are the newest of all. Only when fewer turn up does the second
 * ask the text index for every match, fenced (a MATERIALIZED common table expression) so that
 * the planner cannot walk the time index instead, which for a rare word reads millions of rows;
 * and a word the newest records lack is rare. One walk may serve several wants of the same
 * table (the leads found and the leads naming a company): each want is a flag on the same rows.
 * The rows found are then read by their ids.
 */

/** How many of an organisation's newest records the first statement reads at most. */
export const RECENT_WINDOW = 2000;

/** A table searched newest first: its rows have an id and an organisation. */
type SearchedTable = PgTable & { id: AnyPgColumn; organizationId: AnyPgColumn };

/** A large kind of record: its table and the time it is listed by. */
type Source = {
  table: SearchedTable;
  time: AnyPgColumn;
  /** Newest first, as the organisation's time index keeps it (so that the walk can stop). */
  newestFirst: (time: SQL | AnyPgColumn, id: SQL | AnyPgColumn) => SQL[];
};

/** What a search asks of a source: the newest `limit` rows that match, and `also` when given. */
export type Want = { also?: SQL; limit: number };

const flagOf = (index: number) => sql.identifier(`want_${index}`);

/** The flag columns of the wants: `match` and each want's own condition. */
const flags = (wants: readonly Want[], match: SQL | undefined): SQL =>
  sql.join(
    wants.map((want, index) => sql`(${and(match, want.also) ?? sql`true`}) AS ${flagOf(index)}`),
    sql`, `,
  );

/** Per want, the ids of the newest `limit` of `rows` whose flag is set: (want, id) rows. */
const picks = (source: Source, rows: string, wants: readonly Want[]): SQL => {
  const order = sql.join(
    source.newestFirst(sql`${sql.identifier('at')}`, sql`${sql.identifier('id')}`),
    sql`, `,
  );
  return sql.join(
    wants.map(
      (want, index) =>
        sql`(SELECT ${index}::int AS want, id FROM ${sql.identifier(rows)} WHERE ${flagOf(index)} ORDER BY ${order} LIMIT ${want.limit})`,
    ),
    sql` UNION ALL `,
  );
};

/**
 * The (want, id) rows of each want's newest matches: `among` 'recent' the newest RECENT_WINDOW
 * records, read by the time index, each flagged by its match; 'all' every match, found through
 * the text index. The candidates are a MATERIALIZED common table expression, which the
 * planner must run on its own (for 'all': it cannot walk the time index instead).
 */
export const matchIds = (
  source: Source,
  organizationId: string,
  match: SQL,
  wants: readonly Want[],
  among: 'recent' | 'all',
): SQL => {
  const inOrganization = eq(source.table.organizationId, organizationId);
  const candidates =
    among === 'recent'
      ? sql`WHERE ${inOrganization}
  ORDER BY ${sql.join(source.newestFirst(source.time, source.table.id), sql`, `)}
  LIMIT ${RECENT_WINDOW}`
      : sql`WHERE ${and(inOrganization, match)}`;
  const name = among === 'recent' ? 'recent' : 'matched';
  return sql`WITH ${sql.identifier(name)} AS MATERIALIZED (
  SELECT ${source.table.id} AS id, ${source.time} AS at,
    ${flags(wants, among === 'recent' ? match : undefined)}
  FROM ${source.table} ${candidates}) ${picks(source, name, wants)}`;
};

/** Per want, the ids of its newest matches: among the newest records, then the text index. */
export const newestMatchingIds = async (
  db: Db,
  source: Source,
  organizationId: string,
  match: SQL,
  wants: readonly Want[],
): Promise<string[][]> => {
  const run = async (statement: SQL, count: number) => {
    const found = Array.from({ length: count }, () => [] as string[]);
    for (const row of rowsOf<{ want: number; id: string }>(await db.execute(statement)))
      found[Number(row.want)]!.push(row.id);
    return found;
  };
  const found = await run(matchIds(source, organizationId, match, wants, 'recent'), wants.length);
  const short = wants.flatMap((want, index) => (found[index]!.length < want.limit ? [index] : []));
  if (short.length === 0) return found;
  const shortWants = short.map((index) => wants[index]!);
  const fromIndex = await run(
    matchIds(source, organizationId, match, shortWants, 'all'),
    shortWants.length,
  );
  short.forEach((index, position) => (found[index] = fromIndex[position]!));
  return found;
};

/**
 * The newest `limit` records matching `match`, read by `read` (the kind's own statement, given
 * the condition that picks its rows by id).
 */
const newestMatching = async <R>(
  db: Db,
  source: Source,
  organizationId: string,
  match: SQL,
  limit: number,
  read: (only: SQL) => Promise<R[]>,
): Promise<R[]> => {
  const [ids] = await newestMatchingIds(db, source, organizationId, match, [{ limit }]);
  return ids!.length === 0 ? [] : read(inArray(source.table.id, ids!));
};

/** The order of a (time DESC NULLS LAST, id DESC NULLS LAST) index. */
const newestWithId: Source['newestFirst'] = (time, id) => [
  sql`${time} DESC NULLS LAST`,
  sql`${id} DESC NULLS LAST`,
];
/** The order of an (organisation, time, …) index read backwards. */
const newestByTime: Source['newestFirst'] = (time) => [sql`${time} DESC`];

const LEADS: Source = { table: leads, time: leads.createdAt, newestFirst: newestWithId };
const CLIENTS: Source = { table: clients, time: clients.createdAt, newestFirst: newestWithId };
export const SENT_EMAILS: Source = {
  table: sentEmails,
  time: sentEmails.sentAt,
  newestFirst: newestByTime,
};
const REPLIES: Source = {
  table: emailReplies,
  time: emailReplies.receivedAt,
  newestFirst: newestByTime,
};
const NOTES: Source = { table: leadNotes, time: leadNotes.createdAt, newestFirst: newestByTime };

/** Every word somewhere in `text` (lower-cased SQL). */
const containsAll = (text: SQL | AnyPgColumn, words: readonly string[]): SQL | undefined =>
  and(...words.map((word) => sql`${text} LIKE ${containsPattern(word)}`));

const lowered = (...columns: AnyPgColumn[]): SQL =>
  sql`lower(${sql.join(columns, sql` || ' ' || `)})`;

/** A tsquery of the words' prefixes, all required (tokens hold only letters and digits). */
const textMatch = (table: string, prefixes: string): SQL =>
  sql`${sql.raw(`"${table}"."search_vector"`)} @@ to_tsquery('simple', ${prefixes})`;

/** Leads read to name the companies a search finds: a company often has several. */
const LEADS_PER_COMPANY = 4;

const readLeads = (db: Db, organizationId: string, ids: string[]) =>
  db
    .select({
      id: leads.id,
      firstName: leads.personFirstName,
      lastName: leads.personLastName,
      email: leads.personEmail,
      company: leads.companyName,
      designation: leads.personDesignation,
      city: leads.personCity,
    })
    .from(leads)
    .where(and(eq(leads.organizationId, organizationId), inArray(leads.id, ids)))
    .orderBy(desc(leads.createdAt));

/** The companies of these leads, most contacts first, each with its number of contacts. */
const companiesOf = (db: Db, organizationId: string, leadIds: string[], limit: number) => {
  const named = db
    .select({ key: leads.companyKey })
    .from(leads)
    .where(and(eq(leads.organizationId, organizationId), inArray(leads.id, leadIds)));
  return db
    .select({
      key: leads.companyKey,
      name: sql<string>`min(${leads.companyName})`,
      contacts: sql<number>`count(*)`.mapWith(Number),
    })
    .from(leads)
    .where(and(eq(leads.organizationId, organizationId), inArray(leads.companyKey, named)))
    .groupBy(leads.companyKey)
    .orderBy(desc(sql`count(*)`))
    .limit(limit);
};

export type LeadRow = Awaited<ReturnType<typeof readLeads>>[number];
export type CompanyRow = Awaited<ReturnType<typeof companiesOf>>[number];

/**
 * The newest leads holding every word, and the companies whose name holds every word (those
 * of the newest such leads, most contacts first), found in one walk of the leads: a company
 * named by the words is a lead matching them. `wanted` says which the caller may see.
 */
export const findLeadsAndCompanies = async (
  db: Db,
  organizationId: string,
  words: string[],
  limit: number,
  wanted: { leads: boolean; companies: boolean },
): Promise<{ leads: LeadRow[]; companies: CompanyRow[] }> => {
  const named = containsAll(lowered(leads.companyName), words)!;
  const [leadIds, companyLeadIds] = await newestMatchingIds(
    db,
    LEADS,
    organizationId,
    containsAll(leads.searchText, words)!,
    [
      { limit: wanted.leads ? limit : 0 },
      { also: named, limit: wanted.companies ? LEADS_PER_COMPANY * limit : 0 },
    ],
  );
  return {
    leads: leadIds!.length > 0 ? await readLeads(db, organizationId, leadIds!) : [],
    companies:
      companyLeadIds!.length > 0
        ? await companiesOf(db, organizationId, companyLeadIds!, limit)
        : [],
  };
};

export const findClients = (db: Db, organizationId: string, words: string[], limit: number) =>
  newestMatching(
    db,
    CLIENTS,
    organizationId,
    containsAll(clients.searchText, words)!,
    limit,
    (only) =>
      db
        .select({
          id: clients.id,
          name: clients.companyName,
          contact: clients.contact,
          email: clients.email,
        })
        .from(clients)
        .where(and(eq(clients.organizationId, organizationId), only))
        .orderBy(desc(clients.createdAt))
        .limit(limit),
  );

export const findCampaigns = (db: Db, organizationId: string, words: string[], limit: number) =>
  db
    .select({ id: campaigns.id, name: campaigns.name, status: campaigns.status })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.organizationId, organizationId),
        containsAll(lowered(campaigns.name, campaigns.emailSubject), words),
      ),
    )
    .orderBy(desc(campaigns.createdAt))
    .limit(limit);

export const findTemplates = (db: Db, organizationId: string, words: string[], limit: number) =>
  db
    .select({ id: emailTemplates.id, name: emailTemplates.name, subject: emailTemplates.subject })
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.organizationId, organizationId),
        containsAll(lowered(emailTemplates.name, emailTemplates.subject), words),
      ),
    )
    .orderBy(emailTemplates.name)
    .limit(limit);

export const findMeetings = (db: Db, organizationId: string, words: string[], limit: number) =>
  db
    .select({
      id: meetings.id,
      topic: meetings.topic,
      location: meetings.location,
      startsAt: meetings.startsAt,
      day: sql<string>`to_char(${meetings.startsAt} AT TIME ZONE ${meetings.timeZone}, 'YYYY-MM-DD')`,
    })
    .from(meetings)
    .where(
      and(
        eq(meetings.organizationId, organizationId),
        containsAll(lowered(meetings.topic, meetings.description, meetings.location), words),
      ),
    )
    .orderBy(desc(meetings.startsAt))
    .limit(limit);

/** Tasks: `ownerId` set, only that user's (a user who does not manage leads sees their own). */
export const findTasks = (
  db: Db,
  organizationId: string,
  ownerId: string | undefined,
  words: string[],
  limit: number,
) =>
  db
    .select({
      id: tasks.id,
      title: tasks.title,
      dueDate: tasks.dueDate,
      doneAt: tasks.doneAt,
      leadId: tasks.leadId,
    })
    .from(tasks)
    .where(
      and(
        eq(tasks.organizationId, organizationId),
        ownerId ? eq(tasks.ownerId, ownerId) : undefined,
        containsAll(lowered(tasks.title), words),
      ),
    )
    .orderBy(desc(tasks.dueDate))
    .limit(limit);

export const findUsers = (db: Db, organizationId: string, words: string[], limit: number) =>
  db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        containsAll(lowered(users.name, users.email), words),
      ),
    )
    .orderBy(users.name)
    .limit(limit);

export const findSentEmails = (db: Db, organizationId: string, prefixes: string, limit: number) =>
  newestMatching(
    db,
    SENT_EMAILS,
    organizationId,
    textMatch('sent_emails', prefixes),
    limit,
    (only) =>
      db
        .select({
          id: sentEmails.id,
          subject: sentEmails.subject,
          to: sentEmails.to,
          body: sql<string | null>`left(${sentEmails.bodyHtml}, 4000)`,
          leadId: sentEmails.leadId,
          at: sentEmails.sentAt,
        })
        .from(sentEmails)
        .where(and(eq(sentEmails.organizationId, organizationId), only))
        .orderBy(desc(sentEmails.sentAt))
        .limit(limit),
  );

export const findReplies = (db: Db, organizationId: string, prefixes: string, limit: number) =>
  newestMatching(db, REPLIES, organizationId, textMatch('email_replies', prefixes), limit, (only) =>
    db
      .select({
        id: emailReplies.id,
        subject: emailReplies.subject,
        from: emailReplies.fromAddress,
        fromName: emailReplies.fromName,
        body: sql<string>`coalesce(left(${emailReplies.bodyText}, 4000), ${emailReplies.snippet})`,
        leadId: emailReplies.leadId,
        at: emailReplies.receivedAt,
      })
      .from(emailReplies)
      .where(and(eq(emailReplies.organizationId, organizationId), only))
      .orderBy(desc(emailReplies.receivedAt))
      .limit(limit),
  );

export const findNotes = (db: Db, organizationId: string, prefixes: string, limit: number) =>
  newestMatching(db, NOTES, organizationId, textMatch('lead_notes', prefixes), limit, (only) =>
    db
      .select({
        id: leadNotes.id,
        kind: leadNotes.kind,
        body: sql<string>`left(${leadNotes.body}, 4000)`,
        leadId: leadNotes.leadId,
        firstName: leads.personFirstName,
        lastName: leads.personLastName,
        company: leads.companyName,
        at: leadNotes.createdAt,
      })
      .from(leadNotes)
      .innerJoin(leads, eq(leads.id, leadNotes.leadId))
      .where(
        and(
          eq(leadNotes.organizationId, organizationId),
          eq(leads.organizationId, organizationId),
          only,
        ),
      )
      .orderBy(desc(leadNotes.createdAt))
      .limit(limit),
  );
