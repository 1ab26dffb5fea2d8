import type { JobQueue } from '../../jobs/queue.ts';

export const BULK_QUEUE = 'email-bulk';

/**
 * Queues the job that runs (or resumes) a bulk run. A run may take hours (a pause between
 * emails), so its job expires only after 23 hours (pg-boss allows less than 24); a run whose
 * process died is resumed long before that, by the start-up and periodic sweeps (email-tick).
 * `dedupe`: at most one such job per run per minute (the periodic sweep).
 */
export const queueBulkRun = (queue: JobQueue, runId: string, dedupe = false) =>
  queue.send(
    BULK_QUEUE,
    { runId },
    {
      expireInSeconds: 23 * 60 * 60,
      retryLimit: 5,
      retryDelay: 10,
      ...(dedupe ? { singletonKey: `resume:${runId}`, singletonSeconds: 60 } : {}),
    },
  );
