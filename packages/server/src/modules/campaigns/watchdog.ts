import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { newChain, startChain } from './chain.ts';
import { findStalledChains, lockCampaign, updateCampaignRow } from './repo.ts';

/**
 * How long past its planned time a chain's next tick may be before the chain counts as lost.
 * A live successor waits at most for its predecessor's batch in the same process (a third of
 * the 60 s claim lease, plus one send's deadline), or for its organisation's turn.
 */
export const STALLED_AFTER_SECONDS = 120;
/** How often every process looks for lost chains. */
export const WATCHDOG_POLL_MS = 30_000;
/** Chains restarted in one pass at most. */
const PER_PASS = 50;

/**
 * A campaign's chain lives in its queued successor tick; a process killed while it held both a
 * tick and the successor waiting behind it (or before queueing the successor) leaves no tick
 * to run until pg-boss expires the dead jobs, minutes later. This pass starts a new chain for
 * every active campaign whose next tick is overdue: the old chain's jobs, should they ever
 * run, stop at once (their chain is not the campaign's), and the rows the dead process had
 * claimed are taken over when their lease lapses, as always. Restarting a chain that was only
 * slow costs nothing: claims are made under the campaign's lock, so nothing is sent twice.
 * Answers whether a full pass was found (more may wait).
 */
export const restartStalledChains = async (
  db: Db,
  queue: Pick<JobQueue, 'send'>,
  graceSeconds = STALLED_AFTER_SECONDS,
): Promise<boolean> => {
  const stalled = await findStalledChains(db, graceSeconds, PER_PASS);
  for (const { id } of stalled) {
    const chain = await db.transaction(async (tx) => {
      const campaign = await lockCampaign(tx, id);
      // Looked at again under the lock: another process may have restarted it meanwhile.
      const overdue =
        campaign?.status === 'active' &&
        campaign.tickChain &&
        campaign.nextTickAt &&
        campaign.nextTickAt.getTime() < Date.now() - graceSeconds * 1000;
      if (!overdue) return null;
      const fresh = newChain();
      await updateCampaignRow(tx, id, { tickChain: fresh });
      return fresh;
    });
    if (chain) await startChain(queue, id, chain);
  }
  return stalled.length === PER_PASS;
};
