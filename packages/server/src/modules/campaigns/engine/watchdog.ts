import type { Db } from '../../../db/connection.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import { startChain } from './chain.ts';
import { renewStalledChains } from '../store/repo.ts';

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
  // One statement finds and renews them, so two processes never restart the same chain.
  const restarted = await renewStalledChains(db, graceSeconds, PER_PASS);
  for (const { id, chain } of restarted) await startChain(queue, id, chain);
  return restarted.length === PER_PASS;
};
