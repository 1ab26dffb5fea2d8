import type { ActivityEntry, ActivityParams } from '@leadline/shared/activity';
import type { Db } from '../../db/connection.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { scopeOf } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { UUID_PATTERN } from '@leadline/shared/ids';
import { toActivityEntry } from './present.ts';
import { activityExists, listActivity } from './repo.ts';

/**
 * GET /api/activity: the caller's organisation's entries, newest first, a page at a time;
 * a Super Admin (no organisation) sees every entry.
 */
export const activityFeed = async (
  db: Db,
  actor: CurrentUser,
  { limit, before, entityId }: ActivityParams,
): Promise<ActivityEntry[]> => {
  const organizationId = scopeOf(actor);
  if (organizationId === null && actor.role !== 'Super Admin') return [];
  // The query's ids are any text to the route (its errors keep their shape): checked here.
  if (before !== undefined) {
    if (!UUID_PATTERN.test(before)) throw badRequest('Invalid activity ID');
    if (!(await activityExists(db, organizationId, before)))
      throw notFound('Activity entry not found');
  }
  if (entityId !== undefined && !UUID_PATTERN.test(entityId)) throw badRequest('Invalid entity ID');
  const rows = await listActivity(db, organizationId, { limit, before, entityId });
  return rows.map(toActivityEntry);
};
