import { CAMPAIGN_MESSAGES } from '@leadline/shared/campaigns';
import type { CampaignActionResponse } from '@leadline/shared/campaigns';
import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { conflict } from '../../lib/errors.ts';
import { newChain, startChain } from './engine/chain.ts';
import { changeCampaign } from './store/events.ts';
import { releaseMailbox } from './store/mailbox-holds.ts';
import { lockCampaign } from './store/repo.ts';
import { loadCampaign } from './store/scope.ts';
import { freshCampaign } from './service.ts';

export const MAILBOX_NOT_HELD = 'The campaign is not holding back this mailbox';

/**
 * POST /api/campaigns/:id/mailboxes/:mailboxId/resume: the campaign sends from a mailbox it
 * stopped using (too many of its emails bounced) again; its waiting leads go on. An active
 * campaign starts a new engine chain at once (its old one may have ended with only this
 * mailbox's leads left); a paused one sends from it once resumed.
 */
export const resumeCampaignMailbox = async (
  db: Db,
  queue: Pick<JobQueue, 'send'>,
  actor: CurrentUser,
  id: string,
  mailboxId: string,
): Promise<CampaignActionResponse> => {
  const { id: campaignId } = await loadCampaign(db, actor, id);
  const chain = await db.transaction(async (tx) => {
    const campaign = (await lockCampaign(tx, campaignId))!;
    if (!(await releaseMailbox(tx, campaign, mailboxId, actor.id, new Date())))
      throw conflict(MAILBOX_NOT_HELD);
    if (campaign.status !== 'active' || campaign.type !== 'email') return null;
    const next = newChain();
    await changeCampaign(tx, campaign, { tickChain: next }, actor.id);
    return next;
  });
  if (chain) await startChain(queue, campaignId, chain);
  return {
    message: CAMPAIGN_MESSAGES.mailboxResumed,
    campaign: await freshCampaign(db, campaignId),
  };
};
