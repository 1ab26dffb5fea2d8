import type { Db } from '../../../db/connection.ts';
import { lastLoggedAt } from '../../activity/log.ts';
import { bouncePauseMessage, watchBounceRate } from '../../deliverability/rate.ts';
import { stepJobId } from '../store/ids.ts';
import { pauseForFailure } from '../store/lifecycle.ts';
import type { CampaignRow } from '../store/repo.ts';

/** The activity entry of a resume (send-service.ts), about the campaign (its entity). */
const RESUMED_ACTION = 'resumed';

/**
 * The bounce protection of a campaign's batch: after each email, once the hard-bounce rate of
 * all its steps passes the organisation's limit (after at least 20 sends), the campaign pauses
 * itself and says why (its status message, the activity log). Answers true when it paused.
 * After a resume only the emails sent since count, so the bounces that paused it do not pause
 * it again at once.
 */
export const bounceGuardOf = async (db: Db, campaign: CampaignRow) => {
  const steps = Array.from({ length: campaign.followUps.length + 1 }, (_, step) =>
    stepJobId(campaign.id, step),
  );
  const since = await lastLoggedAt(db, campaign.organizationId, campaign.id, RESUMED_ACTION);
  const watch = watchBounceRate(db, campaign.organizationId, steps, since);
  return async (outcome: { status: string }): Promise<boolean> => {
    if (outcome.status !== 'sent' && outcome.status !== 'failed') return false;
    const rate = await watch.after(outcome.status);
    if (!rate) return false;
    await pauseForFailure(db, campaign, campaign.tickChain, bouncePauseMessage(rate));
    return true;
  };
};
