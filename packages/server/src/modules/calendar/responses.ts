import { RESPONSE_LABELS } from '@leadline/shared/calendar';
import type { AttendeeResponse, AttendeeResponseData, Meeting } from '@leadline/shared/calendar';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import { logActivity } from '../activity/log.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { meetingName } from './present.ts';
import { findMeeting, lockMeeting, setResponse } from './repo.ts';
import { MEETING_NOT_FOUND, checkMayChange, loadMeeting, organizationOf } from './service.ts';

export const ATTENDEE_NOT_FOUND = 'This meeting has no such attendee';

/**
 * Records one attendee's answer and says so in the activity log ("set to" by hand, "answered"
 * with `source` for a calendar's reply); false when the meeting has no such attendee. Call
 * inside a transaction.
 */
export const recordResponse = async (
  tx: Db,
  change: {
    organizationId: string;
    userId: string | null;
    meeting: { id: string; topic: string };
    email: string;
    response: AttendeeResponse;
    how: 'set to' | 'answered';
    source?: string;
  },
): Promise<boolean> => {
  const { organizationId, userId, meeting, email, response, how, source } = change;
  if (!(await setResponse(tx, meeting.id, email, response))) return false;
  await logActivity(tx, {
    organizationId,
    userId,
    type: 'Meeting',
    entityId: meeting.id,
    action: 'response',
    details: `${meetingName(meeting.topic)}: ${email} ${how} ${RESPONSE_LABELS[response]}${source ? ` (${source})` : ''}`,
  });
  return true;
};

/**
 * PUT /api/calendar/:id/attendees/:email/response: the organiser (or an administrator) records
 * an attendee's answer by hand, as an iCalendar reply would; the activity log says who and what.
 */
export const setAttendeeResponse = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  email: string,
  { response }: AttendeeResponseData,
): Promise<Meeting> => {
  const organizationId = organizationOf(actor);
  const address = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    if (!(await lockMeeting(tx, organizationId, id))) throw notFound(MEETING_NOT_FOUND);
    const meeting = (await findMeeting(tx, organizationId, id))!;
    checkMayChange(actor, meeting);
    const recorded = await recordResponse(tx, {
      organizationId,
      userId: actor.id,
      meeting,
      email: address,
      response,
      how: 'set to',
    });
    if (!recorded) throw notFound(ATTENDEE_NOT_FOUND);
  });
  return loadMeeting(db, organizationId, id);
};
