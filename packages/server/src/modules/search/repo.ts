import { and, desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
 */

/** Every word somewhere in `text` (lower-cased SQL). */
const containsAll = (text: SQL | AnyPgColumn, words: readonly string[]): SQL | undefined =>
  and(...words.map((word) => sql`${text} LIKE ${containsPattern(word)}`));

const lowered = (...columns: AnyPgColumn[]): SQL =>
  sql`lower(${sql.join(columns, sql` || ' ' || `)})`;

/** A tsquery of the words' prefixes, all required (tokens hold only letters and digits). */
const textMatch = (table: string, prefixes: string): SQL =>
  sql`${sql.raw(`"${table}"."search_vector"`)} @@ to_tsquery('simple', ${prefixes})`;

export const findLeads = (db: Db, organizationId: string, words: string[], limit: number) =>
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
    .where(and(eq(leads.organizationId, organizationId), containsAll(leads.searchText, words)))
    .orderBy(desc(leads.createdAt))
    .limit(limit);

export const findCompanies = (db: Db, organizationId: string, words: string[], limit: number) =>
  db
    .select({
      key: leads.companyKey,
      name: sql<string>`min(${leads.companyName})`,
      contacts: sql<number>`count(*)`.mapWith(Number),
    })
    .from(leads)
    .where(
      and(
        eq(leads.organizationId, organizationId),
        containsAll(leads.searchText, words),
        containsAll(lowered(leads.companyName), words),
      ),
    )
    .groupBy(leads.companyKey)
    .orderBy(desc(sql`count(*)`))
    .limit(limit);

export const findClients = (db: Db, organizationId: string, words: string[], limit: number) =>
  db
    .select({
      id: clients.id,
      name: clients.companyName,
      contact: clients.contact,
      email: clients.email,
    })
    .from(clients)
    .where(and(eq(clients.organizationId, organizationId), containsAll(clients.searchText, words)))
    .orderBy(desc(clients.createdAt))
    .limit(limit);

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
    .where(and(eq(sentEmails.organizationId, organizationId), textMatch('sent_emails', prefixes)))
    .orderBy(desc(sentEmails.sentAt))
    .limit(limit);

export const findReplies = (db: Db, organizationId: string, prefixes: string, limit: number) =>
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
    .where(
      and(eq(emailReplies.organizationId, organizationId), textMatch('email_replies', prefixes)),
    )
    .orderBy(desc(emailReplies.receivedAt))
    .limit(limit);

export const findNotes = (db: Db, organizationId: string, prefixes: string, limit: number) =>
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
        textMatch('lead_notes', prefixes),
      ),
    )
    .orderBy(desc(leadNotes.createdAt))
    .limit(limit);
