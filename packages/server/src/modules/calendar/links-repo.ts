import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { MeetingLinkKind } from '@leadline/shared/calendar';
import type { Db } from '../../db/connection.ts';
import { clients, leads, users } from '../../db/schema.ts';
import { meetingAttendees, meetings } from '../../db/tables/calendar.ts';
import { containsPattern } from '../leads/query.ts';
import { withOrganizer } from './repo.ts';
import type { MeetingRow } from './repo.ts';

/** A lead or client as an attendee: its name, email and company. */
export type LinkTarget = {
  kind: MeetingLinkKind;
  id: string;
  name: string;
  email: string;
  company: string;
};

const LEAD_NAME = sql<string>`COALESCE(NULLIF(btrim(${leads.personFirstName} || ' ' || ${leads.personLastName}), ''), NULLIF(${leads.companyName}, ''), ${leads.personEmail})`;
const CLIENT_NAME = sql<string>`COALESCE(NULLIF(${clients.companyName}, ''), ${clients.email})`;

const leadTargets = (db: Db, organizationId: string, match: SQL, limit: number) =>
  db
    .select({
      id: leads.id,
      name: LEAD_NAME,
      email: leads.personEmail,
      company: leads.companyName,
    })
    .from(leads)
    .where(and(eq(leads.organizationId, organizationId), match))
    .orderBy(asc(leads.personFirstName), asc(leads.id))
    .limit(limit);

const clientTargets = (db: Db, organizationId: string, match: SQL, limit: number) =>
  db
    .select({
      id: clients.id,
      name: CLIENT_NAME,
      email: clients.email,
      company: clients.parentCompany,
    })
    .from(clients)
    .where(and(eq(clients.organizationId, organizationId), match))
    .orderBy(asc(clients.companyName), asc(clients.id))
    .limit(limit);

const as =
  (kind: MeetingLinkKind) =>
  (row: Omit<LinkTarget, 'kind'>): LinkTarget => ({ kind, ...row });

/** The organisation's leads and clients with these ids (others are left out). */
export const findLinkTargets = async (
  db: Db,
  organizationId: string,
  ids: { leads: readonly string[]; clients: readonly string[] },
): Promise<LinkTarget[]> => {
  const [leadRows, clientRows] = await Promise.all([
    ids.leads.length > 0
      ? leadTargets(db, organizationId, inArray(leads.id, [...ids.leads]), ids.leads.length)
      : [],
    ids.clients.length > 0
      ? clientTargets(db, organizationId, inArray(clients.id, [...ids.clients]), ids.clients.length)
      : [],
  ]);
  return [...leadRows.map(as('lead')), ...clientRows.map(as('client'))];
};

/**
 * Leads and clients whose name, company or email holds `term` (the trigram-indexed search
 * texts), those with an email only, at most `limit` of each kind.
 */
export const searchLinkTargets = async (
  db: Db,
  organizationId: string,
  term: string,
  kinds: { leads: boolean; clients: boolean },
  limit: number,
): Promise<LinkTarget[]> => {
  const pattern = containsPattern(term);
  const [leadRows, clientRows] = await Promise.all([
    kinds.leads
      ? leadTargets(
          db,
          organizationId,
          and(sql`${leads.searchText} LIKE lower(${pattern})`, sql`${leads.personEmail} <> ''`)!,
          limit,
        )
      : [],
    kinds.clients
      ? clientTargets(
          db,
          organizationId,
          and(sql`${clients.searchText} LIKE lower(${pattern})`, sql`${clients.email} <> ''`)!,
          limit,
        )
      : [],
  ]);
  return [...leadRows.map(as('lead')), ...clientRows.map(as('client'))];
};

/**
 * The organisation's meetings a lead or client attends, through the attendees' link index:
 * those not yet ended soonest first, and the ended ones most recent first.
 */
export const findLinkedMeetings = async (
  db: Db,
  organizationId: string,
  link: { kind: MeetingLinkKind; id: string },
  now: Date,
  limit: number,
): Promise<{ upcoming: MeetingRow[]; past: MeetingRow[] }> => {
  const linked =
    link.kind === 'lead'
      ? eq(meetingAttendees.leadId, link.id)
      : eq(meetingAttendees.clientId, link.id);
  const query = (ended: boolean) =>
    db
      .select(withOrganizer)
      .from(meetingAttendees)
      .innerJoin(meetings, eq(meetings.id, meetingAttendees.meetingId))
      .leftJoin(users, eq(users.id, meetings.organizerId))
      .where(
        and(
          linked,
          eq(meetings.organizationId, organizationId),
          ended ? lte(meetings.endsAt, now) : gt(meetings.endsAt, now),
        ),
      )
      .orderBy(
        ended ? desc(meetings.startsAt) : asc(meetings.startsAt),
        ended ? desc(meetings.id) : asc(meetings.id),
      )
      .limit(limit);
  const [upcoming, past] = await Promise.all([query(false), query(true)]);
  return { upcoming, past };
};
