import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { SystemMailer } from '../system-mail/mailer.ts';
import { runDueAutomations } from './engine.ts';

/** How often each process looks for due rule runs when there were none. */
export const AUTOMATION_POLL_MS = 500;

/** Every process runs due rule runs (each claimed by one process, under a lease). */
export const registerAutomationJobs = (
  db: Db,
  queue: JobQueue,
  mailer: SystemMailer | undefined,
): void => {
  queue.loop('automation-runs', AUTOMATION_POLL_MS, (signal) =>
    runDueAutomations(db, mailer, signal),
  );
};
