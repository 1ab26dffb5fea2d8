import type { Database, Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { IMPORT_QUEUE, queueImport, runImport } from './service.ts';

/**
 * How many import batches may insert at once: two on a PostgreSQL server (it maintains the
 * indexes on two cores), one on PGlite (one connection, one transaction at a time).
 */
export const importBatchesInFlight = (kind: Database['kind']): number =>
  kind === 'postgres' ? 2 : 1;

/**
 * Import jobs. One stopped by the process stopping is queued again at once (a new job, so a
 * restart never uses up its retries): the next process resumes after the last committed batch.
 */
export const registerImportJobs = (db: Db, queue: JobQueue, inFlight = 1) =>
  queue.work<{ importId: string }>(IMPORT_QUEUE, async ({ importId }, { signal }) => {
    if ((await runImport(db, importId, inFlight, signal)) === 'interrupted')
      await queueImport(queue, importId);
  });
