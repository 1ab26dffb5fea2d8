import type { Db } from '../../../db/connection.ts';
import { recordEvent } from '../../events/record.ts';
import { getCampaignRow, updateCampaignRow } from './repo.ts';
import type { CampaignRow } from './repo.ts';
import { freshCampaign } from './shown.ts';

type CampaignChanges = Parameters<typeof updateCampaignRow>[2];

/**
 * Changes a campaign (in `tx`) and, when its status changed, writes campaign.status_changed in
 * the same transaction: `{ campaign, previousStatus }`, the campaign as the API shows it after
 * the change. `actorId`: who changed it; none for the engine's own pauses and completions.
 */
export const changeCampaign = async (
  tx: Db,
  campaign: Pick<CampaignRow, 'id' | 'organizationId'>,
  changes: CampaignChanges,
  actorId: string | null,
): Promise<void> => {
  const previousStatus = changes.status
    ? (await getCampaignRow(tx, campaign.id))?.status
    : undefined;
  await updateCampaignRow(tx, campaign.id, changes);
  if (!changes.status || !previousStatus || previousStatus === changes.status) return;
  await recordEvent(tx, {
    organizationId: campaign.organizationId,
    type: 'campaign.status_changed',
    subjectId: campaign.id,
    actorId,
    data: { campaign: await freshCampaign(tx, campaign.id), previousStatus },
  });
};
