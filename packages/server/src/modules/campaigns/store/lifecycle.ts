import type { Db } from '../../../db/connection.ts';
import { logActivity } from '../../activity/log.ts';
import { hasOpenRows } from './deliveries-repo.ts';
import { describeCampaign } from './present.ts';
import { changeCampaign } from './events.ts';
import { lockCampaign } from './repo.ts';
import type { CampaignRow } from './repo.ts';

/** Marks a campaign completed when nothing waits any more (call holding its lock). */
export const completeIfDone = async (
  db: Db,
  campaign: Pick<CampaignRow, 'id' | 'name' | 'organizationId'>,
  userId: string | null,
): Promise<boolean> => {
  if (await hasOpenRows(db, campaign.id)) return false;
  await changeCampaign(
    db,
    campaign,
    { status: 'completed', completedAt: new Date(), tickChain: null },
    userId,
  );
  await logActivity(db, {
    organizationId: campaign.organizationId,
    userId,
    type: 'Campaign',
    entityId: campaign.id,
    action: 'completed',
    details: `${describeCampaign(campaign)} completed`,
  });
  return true;
};

/**
 * Pauses an active campaign the engine cannot go on with (its sender's SMTP account refuses,
 * the sender is gone, too many emails bounce), saying why in the activity log and on the
 * campaign (its status message); resuming retries.
 */
export const pauseForFailure = async (
  db: Db,
  campaign: Pick<CampaignRow, 'id' | 'name' | 'organizationId'>,
  chain: string | null,
  reason: string,
): Promise<void> => {
  await db.transaction(async (tx) => {
    const locked = await lockCampaign(tx, campaign.id);
    if (locked?.status !== 'active' || locked.tickChain !== chain) return;
    await changeCampaign(
      tx,
      campaign,
      { status: 'paused', tickChain: null, statusMessage: reason },
      null,
    );
    await logActivity(tx, {
      organizationId: campaign.organizationId,
      userId: null,
      type: 'Campaign',
      entityId: campaign.id,
      action: 'paused',
      details: `${describeCampaign(campaign)} paused: ${reason}`,
    });
  });
};
