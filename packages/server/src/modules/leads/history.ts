import type { ActivityEntry, ActivityParams } from '@leadline/shared/activity';
import type { CurrentUser } from '../../caller/current-user.ts';
import type { Db } from '../../db/connection.ts';
import { listActivity } from '../activity/log.ts';
import { toActivityEntry } from '../activity/present.ts';
import { getLead, organizationOf } from './service.ts';

/**
 * GET /api/leads/:id/activity: one lead's history, newest first, for anyone who may see the
 * lead (the same check as opening it: its organisation, the Leads page), whether or not they
 * hold the Activity page.
 */
export const leadHistory = async (
  db: Db,
  actor: CurrentUser,
  leadId: string,
  { limit }: Pick<ActivityParams, 'limit'>,
): Promise<ActivityEntry[]> => {
  // Answers 404 for a lead outside the caller's organisation (the route refused a non-id).
  const lead = await getLead(db, actor, leadId);
  const rows = await listActivity(db, organizationOf(actor), { limit, entityId: lead._id });
  return rows.map(toActivityEntry);
};
