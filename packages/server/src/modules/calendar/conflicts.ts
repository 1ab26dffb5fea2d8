import type { MeetingConflict, MeetingConflictParams } from '@leadline/shared/calendar';
import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { isUuid } from '@leadline/shared/ids';
import { toConflict } from './present.ts';
import { findOverlapping } from './repo.ts';
import { organizationOf } from './service.ts';
import { wallSpanToInstants } from './zone.ts';

/**
 * GET /api/calendar/conflicts: the organisation's meetings that overlap the form's wall times
 * (in the organiser's zone), by start, with their times in that zone: the form's warning.
 */
export const findConflicts = async (
  db: Db,
  actor: CurrentUser,
  { timeZone, exclude, ...span }: MeetingConflictParams,
): Promise<MeetingConflict[]> => {
  const organizationId = organizationOf(actor);
  const { startsAt: from, endsAt: to } = wallSpanToInstants(span, timeZone);
  // The query's `exclude` is any text to the route: what is not an id excludes nothing.
  const excludeId = exclude && isUuid(exclude) ? exclude : null;
  const rows = await findOverlapping(db, organizationId, from, to, excludeId);
  return rows.map((row) => toConflict(row, timeZone));
};
