import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { IMPORT_QUEUE, runImport } from './service.ts';

export const registerImportJobs = (db: Db, queue: JobQueue) =>
  queue.work<{ importId: string }>(IMPORT_QUEUE, ({ importId }) => runImport(db, importId));
