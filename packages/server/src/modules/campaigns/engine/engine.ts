import type { Db } from '../../../db/connection.ts';
import type { SecretBox } from '../../../mail/crypto.ts';
import {
  attemptsInLastHour,
  claimDue,
  deliveryKeysOf,
  nextDueAt,
  releaseDeliveries,
} from '../store/deliveries-repo.ts';
import type { ClaimedDelivery } from '../store/deliveries-repo.ts';
import { sendClaimed } from './engine-send.ts';
import { getCampaignRow, lockCampaign, planNextTick } from '../store/repo.ts';
import type { CampaignRow } from '../store/repo.ts';
import type { EngineOptions } from './engine-options.ts';
import type { TickData } from './chain.ts';
import { completeIfDone } from '../store/lifecycle.ts';
import { isPaced, paceAfterSend, takeMailbox } from './pacing.ts';
import { spreadOverMailboxes } from './mailboxes.ts';
import { heldMailboxIds } from '../store/mailbox-holds.ts';
import { deferToOpening, keepOpen } from './window.ts';
import { earliest, latest } from '../../../lib/moments.ts';

/** Queues the next tick of the chain; `at` null or past means now. */
export type Enqueue = (data: TickData, at: Date | null) => Promise<void>;

const HOUR_MS = 3_600_000;

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
  const { n, oldest } = await attemptsInLastHour(db, campaign.id, now);
  const budget = Math.max(0, campaign.throttlePerHour - n);
  const gate = budget > 0 || !oldest ? now : new Date(oldest.getTime() + HOUR_MS);
  return { limit: Math.min(batchSize, budget), gate };
};

type Claim = { campaign: CampaignRow; claimed: ClaimedDelivery[]; at: Date | null };

/**
 * For a paced campaign, of the open rows: one per mailbox whose gap has passed (taken now for
 * a new gap); the others go back to the queue. Each lead is put on its mailbox first (the
 * campaign's mailboxes each keep their own gap). Answers the rows and when a mailbox is free.
 */
const takePaced = async (
  tx: Db,
  campaign: CampaignRow,
  open: readonly ClaimedDelivery[],
  now: Date,
  options: EngineOptions,
): Promise<{ claimed: ClaimedDelivery[]; paced: Date | null }> => {
  const spread = await spreadOverMailboxes(tx, campaign, campaign.createdBy!, open);
  const taken: ClaimedDelivery[] = [];
  const back: ClaimedDelivery[] = [];
  const frees: Date[] = [];
  const seen = new Set<string | null>();
  for (const row of spread) {
    if (seen.has(row.mailboxId)) {
      back.push(row);
      continue;
    }
    seen.add(row.mailboxId);
    const slot = await takeMailbox(tx, campaign, now, options.random, row.mailboxId);
    if ('until' in slot) taken.push(row);
    else back.push(row);
    frees.push('until' in slot ? slot.until : slot.busy);
  }
  await releaseDeliveries(tx, campaign.id, deliveryKeysOf(back));
  return { claimed: taken, paced: earliest(...frees) };
};

/**
 * The due rows this tick may send at `now`: none while the window (campaign zone) is closed,
 * its rows then moved to the opening; those whose lead's window is open, not on a mailbox the
 * campaign stopped sending from; and for a paced campaign one row per mailbox that is free
 * (taken for a random gap). Answers them and when a mailbox is free again (a paced campaign's
 * next tick waits for it).
 */
const claimOpen = async (
  tx: Db,
  campaign: CampaignRow,
  limit: number,
  now: Date,
  options: EngineOptions,
): Promise<{ claimed: ClaimedDelivery[]; paced: Date | null }> => {
  if (await deferToOpening(tx, campaign, now)) return { claimed: [], paced: null };
  const paced = isPaced(campaign);
  // Paced in the campaign's zone: one email per mailbox per tick. Per-lead zones claim a
  // batch, so that the leads whose window is closed are set aside together.
  const perLead = campaign.sendingWindow?.leadTimeZone ?? false;
  const take = paced && !perLead ? Math.min(limit, Math.max(1, campaign.mailboxIds.length)) : limit;
  const held = heldMailboxIds(campaign);
  const { claimed } = await claimDue(tx, campaign.id, take, options.leaseSeconds, now, held);
  const open = await keepOpen(tx, campaign, claimed, now);
  if (!paced || open.length === 0) return { claimed: open, paced: null };
  return takePaced(tx, campaign, open, now, options);
};

/**
 * Claims the rows this tick sends and plans the next tick, in one transaction holding the
 * campaign's row lock (so two processes never claim the same row or pass the hourly rate):
 * the next tick runs now when more rows are due (another process takes them while this one
 * sends), at the rate's next opening when throttled, when the sender's mailbox is free again
 * when paced, when the next row falls due (the window's opening for rows outside it), or when
 * a claim would lapse. With nothing left waiting the campaign is completed.
 */
const claim = (db: Db, data: TickData, options: EngineOptions): Promise<Claim | null> =>
  db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, data.campaignId);
    if (!campaign || campaign.status !== 'active' || campaign.tickChain !== data.chain) return null;
    const now = options.now();
    const { limit, gate } = await throttle(tx, campaign, options.batchSize, now);
    const { claimed, paced } = await claimOpen(tx, campaign, limit, now, options);
    const next = await nextDueAt(tx, campaign.id, options.leaseSeconds, heldMailboxIds(campaign));
    if (!next.queued && !next.lapse) {
      await completeIfDone(tx, campaign, null);
      return { campaign, claimed, at: null };
    }
    const queuedAt = next.queued && next.queued <= now ? latest(gate, paced) : next.queued;
    const at = earliest(next.queued ? latest(queuedAt, now) : null, next.lapse);
    // On the server's clock (the engine's may be moved by tests), for the watchdog.
    const planned = at ? new Date(Date.now() + Math.max(0, at.getTime() - now.getTime())) : null;
    await planNextTick(tx, campaign.id, planned);
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
  const { handedBack, attemptedFrom } = await sendClaimed(
    db,
    box,
    claimed.campaign,
    claimed.claimed,
    options,
    signal,
  );
  // Each mailbox that sent waits a new gap; one whose email did not go is free at once.
  const sentAt = options.now();
  for (const mailboxId of new Set(claimed.claimed.map((row) => row.mailboxId))) {
    const tried = attemptedFrom.has(mailboxId);
    await paceAfterSend(db, claimed.campaign, sentAt, tried, options.random, mailboxId);
  }
  // The last rows done: complete now rather than at the next tick.
  await db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, data.campaignId);
    if (campaign?.status === 'active') await completeIfDone(tx, campaign, null);
  });
  return handedBack > 0 && signal?.aborted ? 'interrupted' : 'done';
};
