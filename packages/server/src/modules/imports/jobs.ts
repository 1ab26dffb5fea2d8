import type { Database, Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { findOrphanedImports, findRunningImports } from './repo.ts';
import { IMPORT_QUEUE, queueImport, runImport } from './service.ts';

/**
 * How many import batches may insert at once: two on a PostgreSQL server (it maintains the
 * indexes on two cores), one on PGlite (one connection, one transaction at a time).
 */
export const importBatchesInFlight = (kind: Database['kind']): number =>
  kind === 'postgres' ? 2 : 1;

/** The periodic sweep: imports whose process died (their lease lapsed) are queued again. */
export const IMPORT_TICK_QUEUE = 'imports-tick';
const TICK_SECONDS = 60;

/** The next sweep in `delaySeconds`; one per minute slot across every process. */
const queueTick = (queue: JobQueue, delaySeconds: number) =>
  queue.send(
    IMPORT_TICK_QUEUE,
    {},
    {
      startAfter: delaySeconds,
      singletonKey: IMPORT_TICK_QUEUE,
      singletonSeconds: TICK_SECONDS,
      expireInSeconds: 10 * 60,
      retryLimit: 10,
    },
  );

/**
 * Import jobs. One stopped by the process stopping is queued again at once (a new job, so a
 * restart never uses up its retries): the next process resumes after the last committed batch.
 * An import whose process was killed holds a lease that lapses within IMPORT_LEASE_SECONDS: at
 * start every import left running is queued again (its job waits for the lease to lapse), and
 * a sweep every minute queues those whose lease lapsed (another process died), so a killed
 * import resumes within a minute, never waiting for pg-boss's expiry of the dead job.
 */
export const registerImportJobs = async (db: Db, queue: JobQueue, inFlight = 1) => {
  await queue.work<{ importId: string }>(IMPORT_QUEUE, async ({ importId }, { signal }) => {
    if ((await runImport(db, importId, inFlight, signal)) === 'interrupted')
      await queueImport(queue, importId);
  });
  await queue.work(IMPORT_TICK_QUEUE, async () => {
    // Nothing thrown: a failed sweep would be retried, and the next one is queued anyway.
    try {
      for (const importId of await findOrphanedImports(db, 2 * TICK_SECONDS))
        await queueImport(queue, importId, true);
    } catch {
      // the next sweep tries again
    } finally {
      await queueTick(queue, TICK_SECONDS).catch(() => undefined);
    }
  });
  for (const importId of await findRunningImports(db)) await queueImport(queue, importId);
  await queueTick(queue, TICK_SECONDS);
};
