import { RESPONSE_LABELS, attendeeResponseSchema } from '@leadline/shared/calendar';
import type { Meeting } from '@leadline/shared/calendar';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import { logActivity } from '../activity/repo.ts';
import type { CurrentUser } from '../users/present.ts';
import { meetingName } from './present.ts';
import { findMeeting, lockMeeting, setResponse } from './repo.ts';
import {
  MEETING_NOT_FOUND,
  checkId,
  checkMayChange,
  loadMeeting,
  organizationOf,
} from './service.ts';

export const ATTENDEE_NOT_FOUND = 'This meeting has no such attendee';

/**
 * PUT /api/calendar/:id/attendees/:email/response: the organiser (or an administrator) records
 * an attendee's answer by hand, as an iCalendar reply would; the activity log says who and what.
 */
export const setAttendeeResponse = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  email: string,
  input: unknown,
): Promise<Meeting> => {
  const organizationId = organizationOf(actor);
  checkId(id);
  const { response } = attendeeResponseSchema.parse(input);
  const address = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    if (!(await lockMeeting(tx, organizationId, id))) throw notFound(MEETING_NOT_FOUND);
    const meeting = (await findMeeting(tx, organizationId, id))!;
    checkMayChange(actor, meeting);
    if (!(await setResponse(tx, id, address, response))) throw notFound(ATTENDEE_NOT_FOUND);
    await logActivity(tx, {
      organizationId,
      userId: actor.id,
      type: 'Meeting',
      entityId: id,
      action: 'response',
      details: `${meetingName(meeting.topic)}: ${address} set to ${RESPONSE_LABELS[response]}`,
    });
  });
  return loadMeeting(db, organizationId, id);
};
