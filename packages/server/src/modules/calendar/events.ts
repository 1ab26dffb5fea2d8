import type { Meeting } from '@leadline/shared/calendar';
import type { Db } from '../../db/connection.ts';
import { recordEvent } from '../events/record.ts';

/**
 * meeting.scheduled (a new meeting, or one moved to another time) or meeting.cancelled (a
 * meeting deleted), in `tx`, the change's transaction: `{ meeting }` as the API shows it
 * (before the deletion, for a cancelled one).
 */
export const recordMeetingEvent = (
  tx: Db,
  type: 'meeting.scheduled' | 'meeting.cancelled',
  organizationId: string,
  actorId: string,
  meeting: Meeting,
  extra: { rescheduled?: boolean } = {},
): Promise<void> =>
  recordEvent(tx, {
    organizationId,
    type,
    subjectId: meeting._id,
    actorId,
    data: { meeting, ...extra },
  });
