import type { Database, Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { IMPORT_QUEUE, runImport } from './service.ts';

/**
 * How many import batches may insert at once: two on a PostgreSQL server (it maintains the
 * indexes on two cores), one on PGlite (one connection, one transaction at a time).
 */
export const importBatchesInFlight = (kind: Database['kind']): number =>
  kind === 'postgres' ? 2 : 1;

export const registerImportJobs = (db: Db, queue: JobQueue, inFlight = 1) =>
  queue.work<{ importId: string }>(IMPORT_QUEUE, ({ importId }) =>
    runImport(db, importId, inFlight),
  );
