import { randomUUID } from 'node:crypto';
import type {
  CalendarActivityParams,
  CalendarParams,
  Meeting,
  MeetingChangeResponse,
  MeetingData,
  MeetingDeleteResponse,
  ScheduleMeetingResponse,
} from '@leadline/shared/calendar';
import type { ActivityEntry } from '@leadline/shared/activity';
import type { Db } from '../../db/connection.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { toActivityEntry } from '../activity/present.ts';
import { logActivity } from '../activity/log.ts';
import { recordMeetingEvent } from './events.ts';
import { chooseOrganization, organizationIn } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { invitationWhen, notifyAttendees } from './notify.ts';
import type { SentInvitations } from './notify.ts';
import { meetingName, scheduledDetails, toMeeting } from './present.ts';
import {
  deleteMeeting as deleteMeetingRow,
  findAttendees,
  findMeeting,
  findMeetingsBetween,
  insertMeeting,
  lockMeeting,
  replaceAttendees,
  resetResponses,
  updateMeeting as updateMeetingRow,
} from './repo.ts';
import type { MeetingChanges, MeetingRow } from './repo.ts';
import { findMeetingActivity } from './summary-repo.ts';
import { attendeesDiffer, resolveAttendees } from './links.ts';
import { nextDate, parseWallTime, wallSpanToInstants, zonedToInstant } from './zone.ts';

export const NO_ORGANIZATION = chooseOrganization('use the calendar');
/** The routes' answer to a path id that is not a UUID (the services get UUIDs only). */
export const INVALID_MEETING_ID = 'Invalid meeting ID';
export const MEETING_NOT_FOUND = 'Meeting not found';
export const NOT_ORGANIZER = 'Only the organiser or an administrator can change this meeting';
export const NO_ATTENDEES = 'This meeting has no attendees to invite';
export const MEETING_UPDATED = 'Meeting updated successfully';
export const MEETING_UNCHANGED = 'Nothing changed';
export const MEETING_DELETED = 'Meeting deleted successfully';

export const organizationOf = (actor: CurrentUser): string =>
  organizationIn(actor, NO_ORGANIZATION);

/** The organiser changes their meeting; an administrator any meeting of the organisation. */
export const checkMayChange = (actor: CurrentUser, meeting: MeetingRow) => {
  if (meeting.organizerId !== actor.id && actor.role !== 'Admin') throw forbidden(NOT_ORGANIZER);
};

/** The form's wall date and times in its zone, as the instants stored. */
const toChanges = (data: MeetingData): MeetingChanges => ({
  topic: data.topic,
  description: data.description,
  location: data.location,
  timeZone: data.timeZone,
  ...wallSpanToInstants(data, data.timeZone),
});

export const loadMeeting = async (db: Db, organizationId: string, id: string): Promise<Meeting> => {
  const row = await findMeeting(db, organizationId, id);
  if (!row) throw notFound(MEETING_NOT_FOUND);
  return toMeeting(row, await findAttendees(db, [row.id]));
};

/** GET /api/calendar: the meetings that overlap the day(s), in the viewer's zone. */
export const listMeetings = async (
  db: Db,
  actor: CurrentUser,
  { date, from, to, timeZone }: CalendarParams,
): Promise<Meeting[]> => {
  const organizationId = organizationOf(actor);
  const first = date ?? from!;
  const last = date ?? to!;
  const rangeStart = new Date(zonedToInstant(parseWallTime(first), timeZone));
  const rangeEnd = new Date(zonedToInstant(parseWallTime(nextDate(last)), timeZone));
  const rows = await findMeetingsBetween(db, organizationId, rangeStart, rangeEnd);
  const attendees = await findAttendees(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toMeeting(
      row,
      attendees.filter((attendee) => attendee.meetingId === row.id),
    ),
  );
};

export const getMeeting = (db: Db, actor: CurrentUser, id: string): Promise<Meeting> => {
  const organizationId = organizationOf(actor);
  return loadMeeting(db, organizationId, id);
};

/** GET /api/calendar/activity: the newest meeting entries of the activity log. */
export const meetingActivity = async (
  db: Db,
  actor: CurrentUser,
  { limit }: CalendarActivityParams,
): Promise<ActivityEntry[]> => {
  const rows = await findMeetingActivity(db, organizationOf(actor), limit);
  return rows.map(toActivityEntry);
};

/**
 * POST /api/calendar: saves the meeting, then sends each attendee an invitation from the
 * caller's SMTP account. Without mail settings, or past the daily limit, the meeting is still
 * saved: `invitationsSent` says how many went and `notice` why the others did not.
 */
export const scheduleMeeting = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  data: MeetingData,
): Promise<ScheduleMeetingResponse> => {
  const organizationId = organizationOf(actor);
  const changes = toChanges(data);
  const attendees = await resolveAttendees(db, actor, organizationId, data);
  const domain = actor.email.split('@')[1] || 'leadline';
  const id = await db.transaction(async (tx) => {
    const created = await insertMeeting(tx, {
      ...changes,
      organizationId,
      organizerId: actor.id,
      uid: `${randomUUID()}@${domain}`,
    });
    await replaceAttendees(tx, created, attendees.rows);
    await logActivity(tx, {
      organizationId,
      userId: actor.id,
      type: 'Meeting',
      entityId: created,
      action: 'scheduled',
      details: scheduledDetails(data.topic, invitationWhen(changes), attendees.emails.length),
    });
    const meeting = await loadMeeting(tx, organizationId, created);
    await recordMeetingEvent(tx, 'meeting.scheduled', organizationId, actor.id, meeting);
    return created;
  });
  const sent = await notifyAttendees(db, box, actor, organizationId, id, {
    request: attendees.emails,
    cancel: [],
    updated: false,
  });
  return {
    topic: data.topic,
    meeting: await loadMeeting(db, organizationId, id),
    ...outcome(sent),
  };
};

const outcome = (sent: SentInvitations) => ({
  invitationsSent: sent.sent,
  ...(sent.notice ? { notice: sent.notice } : {}),
});

const sameMeeting = (row: MeetingRow, changes: MeetingChanges) =>
  row.topic === changes.topic &&
  row.description === changes.description &&
  row.location === changes.location &&
  row.timeZone === changes.timeZone &&
  row.startsAt.getTime() === changes.startsAt.getTime() &&
  row.endsAt.getTime() === changes.endsAt.getTime();

/** The meeting moves to other instants. */
const rescheduled = (row: MeetingRow, changes: MeetingChanges) =>
  row.startsAt.getTime() !== changes.startsAt.getTime() ||
  row.endsAt.getTime() !== changes.endsAt.getTime();

/** Which parts changed, for the activity entry. */
const changedParts = (row: MeetingRow, changes: MeetingChanges, attendeesChanged: boolean) =>
  [
    row.topic !== changes.topic && 'title',
    (rescheduled(row, changes) || row.timeZone !== changes.timeZone) && 'time',
    row.location !== changes.location && 'location',
    row.description !== changes.description && 'description',
    attendeesChanged && 'attendees',
  ].filter(Boolean);

/**
 * PUT /api/calendar/:id (the whole meeting, as the form sends it): the SEQUENCE rises, every
 * attendee gets the updated invitation (same UID) and those removed get a cancellation.
 */
export const updateMeeting = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  id: string,
  data: MeetingData,
): Promise<MeetingChangeResponse> => {
  const organizationId = organizationOf(actor);
  const changes = toChanges(data);
  const attendees = await resolveAttendees(db, actor, organizationId, data);
  const plan = await db.transaction(async (tx) => {
    if (!(await lockMeeting(tx, organizationId, id))) throw notFound(MEETING_NOT_FOUND);
    const existing = (await findMeeting(tx, organizationId, id))!;
    checkMayChange(actor, existing);
    const before = await findAttendees(tx, [id]);
    const attendeesChanged = attendeesDiffer(before, attendees.rows);
    if (sameMeeting(existing, changes) && !attendeesChanged) return null;
    await updateMeetingRow(tx, organizationId, id, changes);
    await replaceAttendees(tx, id, attendees.rows);
    // A new time raises the SEQUENCE and calendars ask again: earlier answers no longer hold.
    if (rescheduled(existing, changes)) await resetResponses(tx, id);
    await logActivity(tx, {
      organizationId,
      userId: actor.id,
      type: 'Meeting',
      entityId: id,
      action: 'updated',
      details: `${meetingName(data.topic)} updated (${changedParts(existing, changes, attendeesChanged).join(', ')})`,
    });
    if (rescheduled(existing, changes)) {
      const meeting = await loadMeeting(tx, organizationId, id);
      await recordMeetingEvent(tx, 'meeting.scheduled', organizationId, actor.id, meeting, {
        rescheduled: true,
      });
    }
    // Only those who received an earlier version hear that they were taken off.
    const removed = before.filter(
      (attendee) => attendee.sentSequence !== null && !attendees.emails.includes(attendee.email),
    );
    return { cancel: removed.map((attendee) => attendee.email) };
  });
  if (!plan) {
    return {
      message: MEETING_UNCHANGED,
      meeting: await loadMeeting(db, organizationId, id),
      invitationsSent: 0,
    };
  }
  const sent = await notifyAttendees(db, box, actor, organizationId, id, {
    request: attendees.emails,
    cancel: plan.cancel,
    updated: true,
  });
  return {
    message: MEETING_UPDATED,
    meeting: await loadMeeting(db, organizationId, id),
    ...outcome(sent),
  };
};

/** POST /api/calendar/:id/resend: the current version to every attendee again. */
export const resendInvitations = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  id: string,
): Promise<MeetingChangeResponse> => {
  const organizationId = organizationOf(actor);
  const existing = await findMeeting(db, organizationId, id);
  if (!existing) throw notFound(MEETING_NOT_FOUND);
  checkMayChange(actor, existing);
  const attendees = (await findAttendees(db, [id])).map((attendee) => attendee.email);
  if (attendees.length === 0) throw badRequest(NO_ATTENDEES);
  const sent = await notifyAttendees(db, box, actor, organizationId, id, {
    request: attendees,
    cancel: [],
    updated: existing.sequence > 0,
  });
  // Nothing went out: answer with the reason's own status (400 no settings, 429 the limit,
  // 502 the mail server).
  if (sent.sent === 0) throw new HttpError(sent.stopStatus ?? 502, sent.notice!);
  return {
    message: `Invitations sent to ${attendees.join(', ')}`,
    meeting: await loadMeeting(db, organizationId, id),
    ...outcome(sent),
  };
};

/** DELETE /api/calendar/:id: gone at once; attendees who were invited get a cancellation. */
export const deleteMeeting = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  id: string,
): Promise<MeetingDeleteResponse> => {
  const organizationId = organizationOf(actor);
  const { meeting, invited } = await db.transaction(async (tx) => {
    if (!(await lockMeeting(tx, organizationId, id))) throw notFound(MEETING_NOT_FOUND);
    const existing = (await findMeeting(tx, organizationId, id))!;
    checkMayChange(actor, existing);
    const attendees = await findAttendees(tx, [id]);
    const shown = toMeeting(existing, attendees);
    await deleteMeetingRow(tx, organizationId, id);
    await recordMeetingEvent(tx, 'meeting.cancelled', organizationId, actor.id, shown);
    await logActivity(tx, {
      organizationId,
      userId: actor.id,
      type: 'Meeting',
      entityId: id,
      action: 'deleted',
      details: `${meetingName(existing.topic)} on ${invitationWhen(existing)} deleted`,
    });
    return {
      meeting: existing,
      invited: attendees
        .filter((attendee) => attendee.sentSequence !== null)
        .map((attendee) => attendee.email),
    };
  });
  const sent = await notifyAttendees(db, box, actor, organizationId, id, {
    request: [],
    cancel: invited,
    updated: false,
    deleted: { ...meeting, sequence: meeting.sequence + 1, updatedAt: new Date() },
  });
  return { message: MEETING_DELETED, ...outcome(sent) };
};
