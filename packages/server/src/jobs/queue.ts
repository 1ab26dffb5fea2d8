import PgBoss from 'pg-boss';
import type { Database } from '../db/connection.ts';

export type JobQueue = {
  /** Queues a job; with a singletonKey, a second job of the same key is not queued twice. */
  send: (name: string, data: object, options?: PgBoss.SendOptions) => Promise<string | null>;
  /** Runs a handler for every job of a queue (one at a time per process). */
  work: <T extends object>(
    name: string,
    handler: (data: T, jobId: string) => Promise<void>,
  ) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Durable jobs in PostgreSQL (pg-boss): any number of processes drain the same queues with
 * SKIP LOCKED, and a job whose process dies is retried. Runs on PGlite too, through its single
 * connection.
 */
export const startJobQueue = async (
  database: Database,
  onError: (error: Error) => void,
): Promise<JobQueue> => {
  const boss = new PgBoss({
    db: { executeSql: database.executeSql } as unknown as PgBoss.Db,
    schema: 'pgboss',
    // A job whose process was killed is picked up again after its expiry.
    monitorStateIntervalSeconds: 60,
  });
  boss.on('error', onError);
  await boss.start();
  const queues = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    await boss.createQueue(name);
    queues.add(name);
  };
  return {
    send: async (name, data, options = {}) => {
      await ensureQueue(name);
      return boss.send(name, data, {
        retryLimit: 3,
        retryDelay: 5,
        expireInSeconds: 15 * 60,
        ...options,
      });
    },
    work: async (name, handler) => {
      await ensureQueue(name);
      await boss.work(name, { pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never, job.id);
      });
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
};
