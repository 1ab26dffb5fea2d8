import type { Db } from '../../db/connection.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { attemptsInLastHour, claimDue, nextDueAt } from './deliveries-repo.ts';
import type { ClaimedDelivery } from './deliveries-repo.ts';
import { sendClaimed } from './engine-send.ts';
import { getCampaignRow, lockCampaign } from './repo.ts';
import type { CampaignRow } from './repo.ts';
import type { EngineOptions } from './engine-options.ts';
import type { TickData } from './chain.ts';
import { completeIfDone } from './lifecycle.ts';

/** Queues the next tick of the chain; `at` null or past means now. */
export type Enqueue = (data: TickData, at: Date | null) => Promise<void>;

const HOUR_MS = 3_600_000;

const latest = (...dates: (Date | null)[]) =>
  dates.reduce<Date | null>((a, b) => (a && b ? (a > b ? a : b) : (a ?? b)), null);
const earliest = (...dates: (Date | null)[]) =>
  dates.reduce<Date | null>((a, b) => (a && b ? (a < b ? a : b) : (a ?? b)), null);

/**
 * What the campaign may send now: a batch, or for a throttled one what the last hour leaves
 * of its hourly rate; and when a throttled one may send again once that is used up.
 */
export const throttle = async (
  db: Db,
  campaign: Pick<CampaignRow, 'id' | 'sendNow' | 'throttlePerHour'>,
  batchSize: number,
  now: Date,
) => {
  if (campaign.sendNow) return { limit: batchSize, gate: now };
  const { n, oldest } = await attemptsInLastHour(db, campaign.id);
  const budget = Math.max(0, campaign.throttlePerHour - n);
  const gate = budget > 0 || !oldest ? now : new Date(oldest.getTime() + HOUR_MS);
  return { limit: Math.min(batchSize, budget), gate };
};

type Claim = { campaign: CampaignRow; claimed: ClaimedDelivery[]; at: Date | null };

/**
 * Claims the rows this tick sends and plans the next tick, in one transaction holding the
 * campaign's row lock (so two processes never claim the same row or pass the hourly rate):
 * the next tick runs now when more rows are due (another process takes them while this one
 * sends), at the rate's next opening when throttled, when the next row falls due, or when a
 * claim would lapse. With nothing left waiting the campaign is completed.
 */
const claim = (db: Db, data: TickData, options: EngineOptions): Promise<Claim | null> =>
  db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, data.campaignId);
    if (!campaign || campaign.status !== 'active' || campaign.tickChain !== data.chain) return null;
    const now = new Date();
    const { limit, gate } = await throttle(tx, campaign, options.batchSize, now);
    const { claimed } = await claimDue(tx, campaign.id, limit, options.leaseSeconds);
    const next = await nextDueAt(tx, campaign.id, options.leaseSeconds);
    if (!next.queued && !next.lapse) {
      await completeIfDone(tx, campaign, null);
      return { campaign, claimed, at: null };
    }
    const queuedAt = next.queued && next.queued <= now ? gate : next.queued;
    const at = earliest(next.queued ? latest(queuedAt, now) : null, next.lapse);
    return { campaign, claimed, at };
  });

/**
 * One tick of a campaign's engine chain: claim, queue the successor, send. A tick of another
 * chain (the campaign was paused, resumed or edited since) or of a campaign that is not
 * active does nothing and ends its chain. Answers 'interrupted' when `signal` (the process
 * stopping) cut it short: the rows it did not send are back in the queue, due now, and the
 * caller queues a tick to take them at once.
 */
export const runTick = async (
  db: Db,
  box: SecretBox,
  data: TickData,
  options: EngineOptions,
  enqueue: Enqueue,
  signal?: AbortSignal,
): Promise<'done' | 'interrupted'> => {
  const current = await getCampaignRow(db, data.campaignId);
  if (!current || current.status !== 'active' || current.tickChain !== data.chain) return 'done';
  if (current.type !== 'email') return 'done';
  if (signal?.aborted) return 'interrupted';
  const claimed = await claim(db, data, options);
  if (!claimed) return 'done';
  // Queued before sending: should this process die mid-batch, the chain goes on elsewhere.
  if (claimed.at) await enqueue({ ...data, n: data.n + 1 }, claimed.at);
  if (claimed.claimed.length === 0) return 'done';
  const handedBack = await sendClaimed(db, box, claimed.campaign, claimed.claimed, options, signal);
  // The last rows done: complete now rather than at the next tick.
  await db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, data.campaignId);
    if (campaign?.status === 'active') await completeIfDone(tx, campaign, null);
  });
  return handedBack > 0 && signal?.aborted ? 'interrupted' : 'done';
};
