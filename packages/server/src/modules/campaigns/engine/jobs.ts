import type { Db } from '../../../db/connection.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { SecretBox } from '../../../mail/crypto.ts';
import type { UnsubscribeLinks } from '../../unsubscribe/links.ts';
import { CAMPAIGN_QUEUE, enqueueTick } from './chain.ts';
import type { TickData } from './chain.ts';
import { DEFAULT_ENGINE_OPTIONS } from './engine-options.ts';
import type { EngineOptions } from './engine-options.ts';
import { runTick } from './engine.ts';
import { nameUuid } from '../store/ids.ts';
import { getCampaignRow } from '../store/repo.ts';
import { restartStalledChains, WATCHDOG_POLL_MS } from './watchdog.ts';

/** Ticks one process runs at once (pg-boss workers on the campaign queue). */
export const TICKS_AT_ONCE = 4;
/**
 * Ticks one organisation may have sending at once in one process: whatever one organisation's
 * campaigns (a slow SMTP server, many campaigns), the other organisations' ticks find workers.
 */
export const TICKS_PER_ORGANIZATION = 1;
/**
 * Ticks that may wait at once for their own chain's tick under way in this process (the
 * successor a sending tick queued): they take it over without a gap, and the other workers
 * stay free for other organisations.
 */
const SUCCESSORS_WAITING = 1;
/** How long a tick put back for its organisation's turn waits before it is tried again. */
export const TURN_WAIT_MS = 1000;

/**
 * The tick that takes over from tick `n` cut short by the process stopping: queued now, beside
 * the successor tick `n` may have queued for later (the two then queue the same next tick,
 * which exists once, so the chain stays one).
 */
const handBack = (queue: JobQueue, data: TickData) =>
  enqueueTick(
    queue,
    { ...data, n: data.n + 1 },
    null,
    nameUuid(`tick:${data.chain}:${data.n}:handed-back`),
  );

/**
 * The tick that stands in for tick `n` of a busy organisation: queued a moment later, in its
 * place (tick `n` did nothing and queued nothing, so the chain stays one).
 */
const putBack = (queue: JobQueue, data: TickData) =>
  enqueueTick(
    queue,
    { ...data, n: data.n + 1 },
    new Date(Date.now() + TURN_WAIT_MS),
    nameUuid(`tick:${data.chain}:${data.n}:put-back`),
  );

/** Waits for `work` to settle, or for `signal` to be aborted (the process stopping). */
const untilSettledOrAborted = (work: Promise<void>, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done);
    void work.then(done);
  });

/**
 * Which ticks this process runs now: at most TICKS_PER_ORGANIZATION per organisation, the
 * others put back for a moment (behind every other organisation's ticks in the queue). A tick
 * whose own chain's previous tick is still sending here waits for it instead (up to
 * SUCCESSORS_WAITING such waits at once), as it waited its turn when ticks ran one at a time.
 */
const tickTurns = () => {
  const sending = new Map<string, number>();
  const chains = new Map<string, Promise<void>>();
  let waiting = 0;
  return async (
    organizationId: string,
    chain: string,
    signal: AbortSignal,
    tick: () => Promise<void>,
  ): Promise<'ran' | 'busy'> => {
    const before = chains.get(chain);
    if (before && waiting < SUCCESSORS_WAITING) {
      waiting += 1;
      try {
        await untilSettledOrAborted(before, signal);
      } finally {
        waiting -= 1;
      }
    } else if (before || (sending.get(organizationId) ?? 0) >= TICKS_PER_ORGANIZATION)
      return 'busy';
    // Taken without a pause since the wait ended (or the check): the turn is this tick's.
    if (!signal.aborted && (sending.get(organizationId) ?? 0) >= TICKS_PER_ORGANIZATION)
      return 'busy';
    sending.set(organizationId, (sending.get(organizationId) ?? 0) + 1);
    // The chain's next tick waits on this; it is settled once the turn is given back.
    let giveBack = () => undefined as void;
    const turnOver = new Promise<void>((resolve) => (giveBack = resolve));
    chains.set(chain, turnOver);
    try {
      await tick();
    } finally {
      const n = (sending.get(organizationId) ?? 1) - 1;
      if (n > 0) sending.set(organizationId, n);
      else sending.delete(organizationId);
      if (chains.get(chain) === turnOver) chains.delete(chain);
      giveBack();
    }
    return 'ran';
  };
};

/** The campaign engine's jobs, drained by this process. */
export const registerCampaignJobs = async (
  db: Db,
  queue: JobQueue,
  { box, links }: { box: SecretBox; links: UnsubscribeLinks },
  options: Partial<EngineOptions> = {},
): Promise<void> => {
  const engine: EngineOptions = { ...DEFAULT_ENGINE_OPTIONS, links, ...options };
  const turn = tickTurns();
  const tick = async (data: TickData, signal: AbortSignal) => {
    const end = await runTick(
      db,
      box,
      data,
      engine,
      (next, at) => enqueueTick(queue, next, at),
      signal,
    );
    if (end === 'interrupted') await handBack(queue, data);
  };
  await queue.work<TickData>(
    CAMPAIGN_QUEUE,
    async (data, { signal }) => {
      const campaign = await getCampaignRow(db, data.campaignId);
      // A tick of an older chain, or of a campaign not sending, ends its chain at once.
      if (!campaign || campaign.status !== 'active' || campaign.tickChain !== data.chain)
        return tick(data, signal);
      const ran = await turn(campaign.organizationId, data.chain, signal, () => tick(data, signal));
      if (ran === 'busy') await (signal.aborted ? handBack(queue, data) : putBack(queue, data));
    },
    { workers: TICKS_AT_ONCE },
  );
  // A chain lost with a killed process is started again (minutes before pg-boss would).
  queue.loop('campaign-watchdog', WATCHDOG_POLL_MS, () => restartStalledChains(db, queue));
};
