import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { SystemMailer } from '../system-mail/mailer.ts';
import { AUTOMATION_POLL_MS, createRunner } from './runner.ts';

export { AUTOMATION_POLL_MS };

/**
 * Every process runs due rule runs (each claimed by one process, under a lease), several at
 * once and fairly across organisations, each finishing on its own. A stopping process claims
 * nothing more, lets the runs under way end and hands back those it had not started.
 */
export const registerAutomationJobs = (
  db: Db,
  queue: JobQueue,
  mailer: SystemMailer | undefined,
  onError: (error: Error) => void = (error) =>
    console.error(`automation run failed: ${error.message}`),
): void => {
  const runner = createRunner(db, mailer, onError);
  queue.loop('automation-runs', AUTOMATION_POLL_MS, runner.pass, {
    drain: runner.drain,
    inFlight: runner.inFlight,
  });
};
