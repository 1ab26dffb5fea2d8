import type { Db } from '../../../db/connection.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { scopeOf } from '../../../caller/current-user.ts';
import type { CurrentUser } from '../../../caller/current-user.ts';
import { UUID_PATTERN } from '@leadline/shared/ids';
import { findCampaign } from './repo.ts';
import type { CampaignListRow } from './repo.ts';

export const INVALID_CAMPAIGN_ID = 'Invalid campaign ID';
export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

export const isSuperAdmin = (actor: CurrentUser): boolean => actor.role === 'Super Admin';

export const checkCampaignId = (id: string): void => {
  if (!UUID_PATTERN.test(id)) throw badRequest(INVALID_CAMPAIGN_ID);
};

/**
 * The campaign if the caller may see it; another organisation's is a 404 like a missing one.
 * `id` is a UUID: the routes check a path id, the lead options and audience their campaign id.
 */
export const loadCampaign = async (
  db: Db,
  actor: CurrentUser,
  id: string,
): Promise<CampaignListRow> => {
  const scope = scopeOf(actor);
  if (scope === null && !isSuperAdmin(actor)) throw notFound(CAMPAIGN_NOT_FOUND);
  const row = await findCampaign(db, scope, id.toLowerCase());
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
  return row;
};
