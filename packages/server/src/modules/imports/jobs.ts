import type { Database, Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { registerTick } from '../../jobs/tick.ts';
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
  for (const importId of await findRunningImports(db)) await queueImport(queue, importId);
  // The first sweep a minute after start: the imports left running were just queued above.
  await registerTick(
    queue,
    {
      queue: IMPORT_TICK_QUEUE,
      everySeconds: TICK_SECONDS,
      run: async () => {
        for (const importId of await findOrphanedImports(db, 2 * TICK_SECONDS))
          await queueImport(queue, importId, true);
      },
    },
    TICK_SECONDS,
  );
};
