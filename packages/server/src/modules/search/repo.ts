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

/*
 * One query per kind of record, each at most `limit` rows of one organisation. Names and
 * short fields are matched with LIKE on lower-cased text (the leads' and clients' trigram-
 * indexed search_text); the texts of emails, replies, notes and calls with the stored
 * tsvectors of migration 0034 and their GIN indexes.
 *
 * The large kinds (leads, clients, companies, emails, replies, notes) are found newest first
 * in at most two statements, so that neither a common word nor a word nobody wrote makes a
 * search read a whole table. The first walks the organisation's time index over its newest
 * RECENT_WINDOW records and stops at the `limit`-th match: a word many records hold is found
 * at once, and the matches found are the newest of all. Only when fewer turn up does the second
 * ask the text index for every match, fenced (OFFSET 0) so that the planner cannot walk the time
 * index instead, which for a rare word reads millions of rows; and a word the newest records
 * lack is rare. Each statement then reads the few rows found by their ids.
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
  newestFirst: (time: SQL.Aliased | AnyPgColumn, id: SQL.Aliased | AnyPgColumn) => SQL[];
};

/** The ids of the newest `limit` matches among the newest RECENT_WINDOW records. */
const recentMatchIds = (
  db: Db,
  source: Source,
  organizationId: string,
  match: SQL,
  limit: number,
) => {
  const recent = db
    .select({
      id: sql<string>`${source.table.id}`.as('id'),
      at: sql`${source.time}`.as('at'),
      hit: sql<boolean>`${match}`.as('hit'),
    })
    .from(source.table)
    .where(eq(source.table.organizationId, organizationId))
    .orderBy(...source.newestFirst(source.time, source.table.id))
    .limit(RECENT_WINDOW)
    .as('recent');
  return db
    .select({ id: recent.id })
    .from(recent)
    .where(sql`${recent.hit}`)
    .orderBy(...source.newestFirst(recent.at, recent.id))
    .limit(limit);
};

/**
 * OFFSET 0: a subquery the planner must run on its own (not merged into the statement around
 * it). Given as SQL because drizzle leaves out an offset of the number 0.
 */
const NO_FLATTENING = sql`0` as unknown as number;

/** The ids of the newest `limit` matches of all, found through the text index. */
export const indexMatchIds = (
  db: Db,
  source: Source,
  organizationId: string,
  match: SQL,
  limit: number,
) => {
  const matched = db
    .select({ id: sql<string>`${source.table.id}`.as('id'), at: sql`${source.time}`.as('at') })
    .from(source.table)
    .where(and(eq(source.table.organizationId, organizationId), match))
    .offset(NO_FLATTENING)
    .as('matched');
  return db
    .select({ id: matched.id })
    .from(matched)
    .orderBy(...source.newestFirst(matched.at, matched.id))
    .limit(limit);
};

/**
 * The newest `limit` records matching `match`, read by `read` (the kind's own statement, given
 * the condition that picks its rows by id): among the newest records first, then through the
 * text index.
 */
const newestMatching = async <R>(
  db: Db,
  source: Source,
  organizationId: string,
  match: SQL,
  limit: number,
  read: (only: SQL) => Promise<R[]>,
): Promise<R[]> => {
  const recent = await read(
    inArray(source.table.id, recentMatchIds(db, source, organizationId, match, limit)),
  );
  if (recent.length >= limit) return recent;
  return read(inArray(source.table.id, indexMatchIds(db, source, organizationId, match, limit)));
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

export const findLeads = (db: Db, organizationId: string, words: string[], limit: number) =>
  newestMatching(db, LEADS, organizationId, containsAll(leads.searchText, words)!, limit, (only) =>
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
      .where(and(eq(leads.organizationId, organizationId), only))
      .orderBy(desc(leads.createdAt))
      .limit(limit),
  );

/** Leads read to name the companies a search finds: a company often has several. */
const LEADS_PER_COMPANY = 4;

/**
 * Companies whose name holds every word: those of the newest matching leads (found as leads
 * are), most contacts first, each with its number of contacts.
 */
export const findCompanies = async (
  db: Db,
  organizationId: string,
  words: string[],
  limit: number,
) => {
  const match = and(
    containsAll(leads.searchText, words),
    containsAll(lowered(leads.companyName), words),
  )!;
  const named = await newestMatching(
    db,
    LEADS,
    organizationId,
    match,
    LEADS_PER_COMPANY * limit,
    (only) =>
      db
        .select({ key: leads.companyKey })
        .from(leads)
        .where(and(eq(leads.organizationId, organizationId), only)),
  );
  const keys = [...new Set(named.map((row) => row.key))]
    .filter((key): key is string => key !== null)
    .slice(0, limit);
  if (keys.length === 0) return [];
  return db
    .select({
      key: leads.companyKey,
      name: sql<string>`min(${leads.companyName})`,
      contacts: sql<number>`count(*)`.mapWith(Number),
    })
    .from(leads)
    .where(and(eq(leads.organizationId, organizationId), inArray(leads.companyKey, keys)))
    .groupBy(leads.companyKey)
    .orderBy(desc(sql`count(*)`))
    .limit(limit);
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
