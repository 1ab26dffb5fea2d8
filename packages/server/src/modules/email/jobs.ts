import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { findOrphanedBulkRuns, findRunningBulkRuns } from './bulk-repo.ts';
import { BULK_QUEUE, queueBulkRun } from './bulk-queue.ts';
import { runBulkJob } from './bulk-runner.ts';
import { checkDueInboxes } from './replies-service.ts';
import type { UnsubscribeLinks } from './unsubscribe-links.ts';

export type EmailJobSettings = {
  box: SecretBox;
  links: UnsubscribeLinks;
  bulkPauseMs: number;
  /** 0: inboxes are only checked on demand. */
  replyCheckMinutes: number;
};

/** The periodic email job: resumes orphaned bulk runs and checks the inboxes that are due. */
export const EMAIL_TICK_QUEUE = 'email-tick';
const TICK_SECONDS = 60;
/** Bulk runs one process sends at the same time. */
export const BULK_WORKERS = 3;

/**
 * Queues the next tick in a minute. One tick per minute slot across every process
 * (singletonSeconds), so the ticks each process seeds at start merge into one chain.
 */
const queueTick = (queue: JobQueue, delaySeconds: number) =>
  queue.send(
    EMAIL_TICK_QUEUE,
    {},
    {
      startAfter: delaySeconds,
      singletonKey: EMAIL_TICK_QUEUE,
      singletonSeconds: TICK_SECONDS,
      expireInSeconds: 10 * 60,
      retryLimit: 10,
    },
  );

/**
 * Bulk runs (pg-boss queue email-bulk, a few at a time per process) and the periodic tick
 * (email-tick): runs whose process died are resumed (their lease lapsed), and every user's
 * inbox is checked for replies every `replyCheckMinutes`. At start, every run left running
 * is queued again at once, so a restarted server resumes its runs promptly.
 */
export const registerEmailJobs = async (
  db: Db,
  queue: JobQueue,
  settings: EmailJobSettings,
): Promise<void> => {
  const { box, links } = settings;
  const runner = { db, box, links, pauseMs: settings.bulkPauseMs };
  for (let worker = 0; worker < BULK_WORKERS; worker += 1) {
    await queue.work<{ runId: string }>(BULK_QUEUE, ({ runId }, { signal }) =>
      runBulkJob(runner, runId, signal),
    );
  }
  await queue.work(EMAIL_TICK_QUEUE, async () => {
    // Nothing thrown: a failed tick would be retried, and the next one is queued anyway.
    try {
      for (const runId of await findOrphanedBulkRuns(db, 2 * TICK_SECONDS))
        await queueBulkRun(queue, runId, true);
      if (settings.replyCheckMinutes > 0)
        await checkDueInboxes(db, box, settings.replyCheckMinutes);
    } catch {
      // the next tick tries again
    } finally {
      await queueTick(queue, TICK_SECONDS).catch(() => undefined);
    }
  });
  for (const runId of await findRunningBulkRuns(db)) await queueBulkRun(queue, runId);
  await queueTick(queue, 0);
};
