import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { registerTick } from '../../jobs/tick.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import type { UnsubscribeLinks } from '../unsubscribe/links.ts';
import { findOrphanedBulkRuns, findRunningBulkRuns } from './repo.ts';
import { BULK_QUEUE, queueBulkRun } from './queue.ts';
import { runBulkJob } from './runner.ts';

export type BulkJobSettings = {
  box: SecretBox;
  links: UnsubscribeLinks;
  /** The pause between two emails of a run (BULK_PAUSE_MS). */
  pauseMs: number;
};

/** The periodic sweep that resumes bulk runs whose process died. */
export const EMAIL_TICK_QUEUE = 'email-tick';
const TICK_SECONDS = 60;
/** Bulk runs one process sends at the same time. */
export const BULK_WORKERS = 3;

/**
 * Bulk runs (pg-boss queue email-bulk, a few at a time per process) and the periodic sweep
 * (email-tick): runs whose process died are resumed (their lease lapsed). At start, every
 * run left running is queued again at once, so a restarted server resumes its runs promptly.
 */
export const registerBulkJobs = async (
  db: Db,
  queue: JobQueue,
  settings: BulkJobSettings,
): Promise<void> => {
  const runner = { db, box: settings.box, links: settings.links, pauseMs: settings.pauseMs };
  for (let worker = 0; worker < BULK_WORKERS; worker += 1) {
    await queue.work<{ runId: string }>(BULK_QUEUE, ({ runId }, { signal }) =>
      runBulkJob(runner, runId, signal),
    );
  }
  for (const runId of await findRunningBulkRuns(db)) await queueBulkRun(queue, runId);
  await registerTick(queue, {
    queue: EMAIL_TICK_QUEUE,
    everySeconds: TICK_SECONDS,
    run: async () => {
      for (const runId of await findOrphanedBulkRuns(db, 2 * TICK_SECONDS))
        await queueBulkRun(queue, runId, true);
    },
  });
};
