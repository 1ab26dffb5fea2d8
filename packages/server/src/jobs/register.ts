import type { Db } from '../db/connection.ts';
import { registerImportJobs } from '../modules/imports/jobs.ts';
import type { JobQueue } from './queue.ts';

/** Every feature's background work, drained by this process. */
export const registerJobs = async (db: Db, queue: JobQueue): Promise<void> => {
  await registerImportJobs(db, queue);
};
