import { activityQuerySchema } from '@leadline/shared/activity';
import type { ActivityEntry, ActivityQuery } from '@leadline/shared/activity';
import type { Db } from '../../db/connection.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { scopeOf } from '../users/present.ts';
import type { CurrentUser } from '../users/present.ts';
import { UUID_PATTERN } from '../users/repo.ts';
import { toActivityEntry } from './present.ts';
import { activityExists, listActivity } from './repo.ts';

/**
 * GET /api/activity: the caller's organisation's entries, newest first, a page at a time;
 * a Super Admin (no organisation) sees every entry.
 */
export const activityFeed = async (
  db: Db,
  actor: CurrentUser,
  query: ActivityQuery,
): Promise<ActivityEntry[]> => {
  const { limit, before, entityId } = activityQuerySchema.parse(query);
  const organizationId = scopeOf(actor);
  if (organizationId === null && actor.role !== 'Super Admin') return [];
  if (before !== undefined) {
    if (!UUID_PATTERN.test(before)) throw badRequest('Invalid activity ID');
    if (!(await activityExists(db, organizationId, before)))
      throw notFound('Activity entry not found');
  }
  if (entityId !== undefined && !UUID_PATTERN.test(entityId)) throw badRequest('Invalid entity ID');
  const rows = await listActivity(db, organizationId, { limit, before, entityId });
  return rows.map(toActivityEntry);
};
