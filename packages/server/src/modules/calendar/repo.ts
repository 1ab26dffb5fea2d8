import { and, asc, eq, getTableColumns, gt, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AttendeeResponse } from '@leadline/shared/calendar';
import type { Db } from '../../db/connection.ts';
import { clients, leads, users } from '../../db/schema.ts';
import { meetingAttendees, meetings } from '../../db/tables/calendar.ts';

export type MeetingRow = typeof meetings.$inferSelect & {
  organizerName: string | null;
  organizerEmail: string | null;
};
export type AttendeeRow = typeof meetingAttendees.$inferSelect & {
  /** The linked lead's or client's name, as the API shows it. */
  linkName: string | null;
};
/** An attendee as written: an email, or a lead's or client's email with its link. */
export type AttendeeInput =
  string | { email: string; leadId?: string | null; clientId?: string | null };
export type NewMeeting = Omit<typeof meetings.$inferInsert, 'id' | 'sequence'>;
export type MeetingChanges = Pick<
  typeof meetings.$inferInsert,
  'topic' | 'description' | 'location' | 'startsAt' | 'endsAt' | 'timeZone'
>;

/** The most meetings one range answers (a year of a busy organisation). */
export const RANGE_LIMIT = 5000;

/** A meeting's columns with its organiser's name and email (join users on the organiser). */
export const withOrganizer = {
  ...getTableColumns(meetings),
  organizerName: users.name,
  organizerEmail: users.email,
};

const findOne = async (
  db: Db,
  organizationId: string,
  match: SQL,
): Promise<MeetingRow | undefined> => {
  const [row] = await db
    .select(withOrganizer)
    .from(meetings)
    .leftJoin(users, eq(users.id, meetings.organizerId))
    .where(and(eq(meetings.organizationId, organizationId), match))
    .limit(1);
  return row;
};

export const findMeeting = (db: Db, organizationId: string, id: string) =>
  findOne(db, organizationId, eq(meetings.id, id));

/** The organisation's meeting with this iCalendar UID. */
export const findMeetingByUid = (db: Db, organizationId: string, uid: string) =>
  findOne(db, organizationId, eq(meetings.uid, uid));

/** The meeting row locked until the transaction ends: changes of one meeting queue up. */
export const lockMeeting = async (db: Db, organizationId: string, id: string): Promise<boolean> => {
  const rows = await db
    .select({ id: meetings.id })
    .from(meetings)
    .where(and(eq(meetings.organizationId, organizationId), eq(meetings.id, id)))
    .for('update');
  return rows.length > 0;
};

/** Meetings that overlap [from, to), by start. */
export const findMeetingsBetween = (
  db: Db,
  organizationId: string,
  from: Date,
  to: Date,
): Promise<MeetingRow[]> =>
  db
    .select(withOrganizer)
    .from(meetings)
    .leftJoin(users, eq(users.id, meetings.organizerId))
    .where(
      and(
        eq(meetings.organizationId, organizationId),
        lt(meetings.startsAt, to),
        gt(meetings.endsAt, from),
      ),
    )
    .orderBy(asc(meetings.startsAt), asc(meetings.id))
    .limit(RANGE_LIMIT);

/** The meetings overlapping [from, to) but `excludeId`, by start (the conflict warning). */
export const findOverlapping = async (
  db: Db,
  organizationId: string,
  from: Date,
  to: Date,
  excludeId: string | null,
): Promise<MeetingRow[]> =>
  (await findMeetingsBetween(db, organizationId, from, to)).filter((row) => row.id !== excludeId);

/** A linked lead's full name (else its company), or a linked client's company name. */
export const LINK_NAME = sql<string | null>`CASE
  WHEN ${leads.id} IS NOT NULL THEN COALESCE(NULLIF(btrim(${leads.personFirstName} || ' ' || ${leads.personLastName}), ''), NULLIF(${leads.companyName}, ''), ${leads.personEmail})
  WHEN ${clients.id} IS NOT NULL THEN COALESCE(NULLIF(${clients.companyName}, ''), ${clients.email})
END`;

/** The attendees of these meetings, in the order they were given. */
export const findAttendees = async (
  db: Db,
  meetingIds: readonly string[],
): Promise<AttendeeRow[]> => {
  if (meetingIds.length === 0) return [];
  return db
    .select({ ...getTableColumns(meetingAttendees), linkName: LINK_NAME })
    .from(meetingAttendees)
    .leftJoin(leads, eq(leads.id, meetingAttendees.leadId))
    .leftJoin(clients, eq(clients.id, meetingAttendees.clientId))
    .where(inArray(meetingAttendees.meetingId, [...meetingIds]))
    .orderBy(asc(meetingAttendees.meetingId), asc(meetingAttendees.position));
};

export const insertMeeting = async (db: Db, meeting: NewMeeting): Promise<string> => {
  const [row] = await db.insert(meetings).values(meeting).returning({ id: meetings.id });
  return row!.id;
};

/**
 * The meeting's attendees become `attendees`, in that order: new ones are added, missing ones
 * removed, and every one is 'pending' again (the invitation they hold is out of date). A lead
 * or client link is kept with its email (or taken off when the address is now typed freely).
 */
export const replaceAttendees = async (
  db: Db,
  meetingId: string,
  attendees: readonly AttendeeInput[],
): Promise<void> => {
  const rows = attendees.map((attendee, position) =>
    typeof attendee === 'string'
      ? { meetingId, email: attendee, position, leadId: null, clientId: null }
      : {
          meetingId,
          email: attendee.email,
          position,
          leadId: attendee.leadId ?? null,
          clientId: attendee.clientId ?? null,
        },
  );
  const emails = rows.map((row) => row.email);
  await db
    .delete(meetingAttendees)
    .where(
      and(
        eq(meetingAttendees.meetingId, meetingId),
        emails.length > 0 ? notInArray(meetingAttendees.email, emails) : undefined,
      ),
    );
  if (rows.length === 0) return;
  await db
    .insert(meetingAttendees)
    .values(rows)
    .onConflictDoUpdate({
      target: [meetingAttendees.meetingId, meetingAttendees.email],
      set: {
        position: sql`excluded.position`,
        status: 'pending',
        error: null,
        leadId: sql`excluded.lead_id`,
        clientId: sql`excluded.client_id`,
      },
    });
};

/** One attendee's answer; false when the meeting has no such attendee. */
export const setResponse = async (
  db: Db,
  meetingId: string,
  email: string,
  response: AttendeeResponse,
): Promise<boolean> => {
  const rows = await db
    .update(meetingAttendees)
    .set({ response, respondedAt: response === 'needs-action' ? null : sql`now()` })
    .where(and(eq(meetingAttendees.meetingId, meetingId), eq(meetingAttendees.email, email)))
    .returning({ email: meetingAttendees.email });
  return rows.length > 0;
};

/** Every attendee's answer back to 'needs-action' (the meeting moved: calendars ask again). */
export const resetResponses = async (db: Db, meetingId: string): Promise<void> => {
  await db
    .update(meetingAttendees)
    .set({ response: 'needs-action', respondedAt: null })
    .where(eq(meetingAttendees.meetingId, meetingId));
};

/** The fields changed, the SEQUENCE one higher. */
export const updateMeeting = async (
  db: Db,
  organizationId: string,
  id: string,
  changes: MeetingChanges,
): Promise<void> => {
  await db
    .update(meetings)
    .set({ ...changes, sequence: sql`${meetings.sequence} + 1`, updatedAt: sql`now()` })
    .where(and(eq(meetings.organizationId, organizationId), eq(meetings.id, id)));
};

export const deleteMeeting = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<boolean> => {
  const rows = await db
    .delete(meetings)
    .where(and(eq(meetings.organizationId, organizationId), eq(meetings.id, id)))
    .returning({ id: meetings.id });
  return rows.length > 0;
};

/**
 * Where each attendee's invitation now stands. A sent one records the version it carried, so
 * an invitation still on its way when the meeting changed does not count as up to date.
 */
export const recordInvitations = async (
  db: Db,
  meetingId: string,
  sequence: number,
  results: readonly {
    email: string;
    status: 'sent' | 'failed' | 'pending';
    error: string | null;
  }[],
): Promise<void> => {
  for (const result of results) {
    await db
      .update(meetingAttendees)
      .set(
        result.status === 'sent'
          ? { status: 'sent', sentSequence: sequence, sentAt: sql`now()`, error: null }
          : { status: result.status, error: result.error },
      )
      .where(
        and(
          eq(meetingAttendees.meetingId, meetingId),
          eq(meetingAttendees.email, result.email),
          sql`${sequence} >= (SELECT m.sequence FROM meetings m WHERE m.id = ${meetingId})`,
        ),
      );
  }
};
