import type { Db } from '../../../db/connection.ts';
import { lastLoggedAt } from '../../activity/log.ts';
import { bouncePauseMessage, watchBounceRate } from '../../deliverability/rate.ts';
import type { BounceRate } from '../../deliverability/rate.ts';
import { findMailbox } from '../../mail-accounts/stored.ts';
import { mailboxAddress } from '../../mailboxes/present.ts';
import { findUserById } from '../../users/store.ts';
import { latest } from '../../../lib/moments.ts';
import { stepJobId } from '../store/ids.ts';
import { pauseForFailure } from '../store/lifecycle.ts';
import { holdMailbox, mailboxJudgedSince } from '../store/mailbox-holds.ts';
import type { CampaignRow } from '../store/repo.ts';

/** The activity entry of a resume (send-service.ts), about the campaign (its entity). */
const RESUMED_ACTION = 'resumed';

/** What the guard did after an email: nothing, paused the campaign, or held the email's mailbox. */
export type GuardVerdict = 'go' | 'paused' | 'held';

/**
 * The bounce protection of a campaign's batch: after each email, once the hard-bounce rate
 * passes the organisation's limit (after at least 20 sends), sending stops and says why (the
 * campaign's status message, the activity log). A campaign over several mailboxes judges each
 * mailbox on its own emails and stops sending from that one only ('held': its leads wait, the
 * other mailboxes go on) until no mailbox is left; otherwise the campaign pauses ('paused').
 * After a resume only the emails sent since count, so the bounces that stopped it do not stop
 * it again at once.
 */
export const bounceGuardOf = async (db: Db, campaign: CampaignRow) => {
  const steps = Array.from({ length: campaign.followUps.length + 1 }, (_, step) =>
    stepJobId(campaign.id, step),
  );
  const resumed = await lastLoggedAt(db, campaign.organizationId, campaign.id, RESUMED_ACTION);
  const perMailbox = campaign.mailboxIds.length > 1;
  const whole = watchBounceRate(db, campaign.organizationId, steps, resumed ?? undefined);
  const watches = new Map<string, ReturnType<typeof watchBounceRate>>();
  const watchOf = (mailboxId: string) => {
    let watch = watches.get(mailboxId);
    if (!watch) {
      const since = latest(resumed, mailboxJudgedSince(campaign, mailboxId)) ?? undefined;
      watch = watchBounceRate(db, campaign.organizationId, steps, since, mailboxId);
      watches.set(mailboxId, watch);
    }
    return watch;
  };
  const pause = async (rate: BounceRate): Promise<GuardVerdict> => {
    await pauseForFailure(db, campaign, campaign.tickChain, bouncePauseMessage(rate));
    return 'paused';
  };
  return async (outcome: { status: string }, mailboxId: string | null): Promise<GuardVerdict> => {
    if (outcome.status !== 'sent' && outcome.status !== 'failed') return 'go';
    if (!perMailbox || mailboxId === null) {
      const rate = await whole.after(outcome.status);
      return rate ? pause(rate) : 'go';
    }
    const rate = await watchOf(mailboxId).after(outcome.status);
    if (!rate) return 'go';
    const sender = campaign.createdBy ? await findUserById(db, campaign.createdBy) : undefined;
    const row = sender ? await findMailbox(db, sender.id, mailboxId) : undefined;
    const mailbox = {
      id: mailboxId,
      email: row ? mailboxAddress(row, sender!.email) : 'a mailbox',
    };
    const held = await holdMailbox(db, campaign, mailbox, bouncePauseMessage(rate), new Date());
    if (held === 'all') return pause(rate);
    return held === 'held' ? 'held' : 'paused';
  };
};
