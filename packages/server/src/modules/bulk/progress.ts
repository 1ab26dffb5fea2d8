import type { BulkEmailStatus } from '@leadline/shared/email';
import type { Db } from '../../db/connection.ts';
import { advanceBulkRun } from './repo.ts';
import type { BulkCounter, BulkCounts, BulkRunRow } from './repo.ts';

export type Loop = {
  /** The run's status after the last write; undefined once this worker lost the run. */
  state: BulkEmailStatus | undefined;
  /** Why the run stopped by itself (daily limit, a failure that would repeat). */
  stopped?: string;
  /**
   * Why the run paused itself (too many hard bounces): it keeps its place and goes on from
   * there when the user resumes it. A stop wins over a pause.
   */
  paused?: string;
  /** Left before its end because the process is stopping: the run goes on in the next job. */
  interrupted?: boolean;
};

/** Progress is written at least this often, and after this many leads. */
const WRITE_MS = 250;
export const WRITE_LEADS = 25;

/**
 * Progress of a run: which leads are done, and the counters not yet written. `position`
 * only ever moves over a contiguous prefix of done leads, written with their counters in one
 * statement; leads done beyond it are counted again after a restart, from their recorded
 * emails (skipped-already), and never twice.
 */
export const createProgress = (
  db: Db,
  run: BulkRunRow,
  owner: string,
  loop: Loop,
  /** Records the run's emails delivered so far (the outbox's flush). */
  flush: () => Promise<void>,
) => {
  const done = new Map<number, BulkCounter>();
  let position = run.position;
  let lastWrite = performance.now();
  return {
    done: (index: number, counter: BulkCounter) => done.set(index, counter),
    /**
     * Writes the done prefix when due ('due'), or at once ('now': the run is handed back), and
     * at the end of a run ('final') every done lead.
     */
    write: async (when: 'due' | 'now' | 'final') => {
      const final = when === 'final';
      let next = position;
      while (done.has(next)) next += 1;
      const pending = next - position;
      const due =
        final ||
        (when === 'now' && pending > 0) ||
        pending >= WRITE_LEADS ||
        (pending > 0 && performance.now() - lastWrite >= WRITE_MS);
      if (!due) return;
      const counts: BulkCounts = {};
      const count = (counter: BulkCounter) => (counts[counter] = (counts[counter] ?? 0) + 1);
      for (let index = position; index < next; index += 1) {
        count(done.get(index)!);
        done.delete(index);
      }
      if (final) {
        for (const counter of done.values()) count(counter);
        done.clear();
      }
      // The emails counted here are recorded first: a lead is never counted before its email.
      await flush();
      loop.state = await advanceBulkRun(db, run.id, owner, counts, next);
      position = next;
      lastWrite = performance.now();
    },
  };
};
