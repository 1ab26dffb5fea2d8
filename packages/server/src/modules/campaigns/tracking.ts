import type { TrackingSummary } from '@leadline/shared/tracking';
import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { campaignTracking } from '../tracking/service.ts';
import { loadCampaign } from './store/scope.ts';

/** GET /api/campaigns/:id/tracking: its tracked emails' opens and clicks, by class. */
export const campaignTrackingOf = async (
  db: Db,
  actor: CurrentUser,
  id: string,
): Promise<{ tracking: TrackingSummary }> => {
  const campaign = await loadCampaign(db, actor, id.toLowerCase());
  return { tracking: await campaignTracking(db, campaign.organizationId, campaign.id) };
};
