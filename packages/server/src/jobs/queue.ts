import PgBoss from 'pg-boss';
import type { Database } from '../db/connection.ts';

/** What a job's handler gets beside its data. */
export type JobRun = {
  id: string;
  /**
   * Aborted when the process stops: the handler finishes or hands back the work under way
   * (releasing what it holds, so that the next process takes it at once) and returns promptly.
   */
  signal: AbortSignal;
};

export type JobQueue = {
  /** Queues a job; with a singletonKey, a second job of the same key is not queued twice. */
  send: (name: string, data: object, options?: PgBoss.SendOptions) => Promise<string | null>;
  /**
   * Runs a handler for every job of a queue: one job at a time per process, or up to
   * `workers` at once (each worker takes the next job as soon as its own is done).
   */
  work: <T extends object>(
    name: string,
    handler: (data: T, job: JobRun) => Promise<void>,
    options?: { workers?: number },
  ) => Promise<void>;
  /**
   * Stops: no job is taken any more, the handlers under way get their abort signal and up to
   * `graceMs` to return; a job still running after that is failed, so that pg-boss retries it
   * (in another process, or in this one's next start). Answers the queues that had a job under
   * way when the signal went out, and those whose job overran the grace.
   */
  stop: (graceMs?: number) => Promise<{ underWay: string[]; overran: string[] }>;
  /**
   * Runs `run` in this process over and over: again at once while it answers true (more work
   * waits), else after `idleMs`. For work kept in rows of its own and claimed with row locks or
   * leases (event dispatch, webhook deliveries), which every process polls. Stopped by `stop`,
   * which waits for the run under way (it gets the abort signal), then for `drain`: the work a
   * run started in the background (a pool of deliveries) finishing or being handed back.
   */
  loop: (
    name: string,
    idleMs: number,
    run: (signal: AbortSignal) => Promise<boolean>,
    options?: { drain?: () => Promise<void>; inFlight?: () => number },
  ) => void;
};

const sleepUnless = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });

/**
 * Durable jobs in PostgreSQL (pg-boss): any number of processes drain the same queues with
 * SKIP LOCKED, and a job whose process dies is retried. Runs on PGlite too, through its single
 * connection.
 */
export const startJobQueue = async (
  database: Database,
  onError: (error: Error) => void,
): Promise<JobQueue> => {
  let stopped = false;
  let bossStopped = false;
  const boss = new PgBoss({
    // Once stopped, pg-boss's late statements (a poll that was under way when the workers were
    // told to stop, and the completion of what it fetched) never run and never answer: not run
    // against a database that is closing, and no made-up answer for pg-boss to misread. Such a
    // job stays as the database has it and is retried after its expiry, as after a crash.
    db: {
      executeSql: (text: string, values?: unknown[]) =>
        bossStopped ? new Promise<never>(() => undefined) : database.executeSql(text, values),
    } as unknown as PgBoss.Db,
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
  const stopping = new AbortController();
  const worked = new Set<string>();
  /** Jobs under way, by queue. */
  const running = new Map<string, number>();
  const count = (name: string, delta: number) =>
    running.set(name, (running.get(name) ?? 0) + delta);
  /** Work the loops run in the background (pools), by loop: how many tasks are under way. */
  const background = new Map<string, () => number>();
  /** The loops' promises, each settled once its loop has seen the stop and drained. */
  const loops: Promise<void>[] = [];
  return {
    loop: (name, idleMs, run, options = {}) => {
      const { signal } = stopping;
      if (options.inFlight) background.set(name, options.inFlight);
      const spin = async () => {
        while (!signal.aborted) {
          let more = false;
          count(name, 1);
          try {
            more = await run(signal);
          } catch (error) {
            onError(error instanceof Error ? error : new Error(String(error)));
          } finally {
            count(name, -1);
          }
          if (!more) await sleepUnless(idleMs, signal);
        }
        try {
          await options.drain?.();
        } catch (error) {
          onError(error instanceof Error ? error : new Error(String(error)));
        }
      };
      loops.push(spin());
    },
    send: async (name, data, options = {}) => {
      // A handler that overran the stop must not queue its work again: pg-boss failed its job,
      // which is retried.
      if (stopped) throw new Error('The job queue has stopped');
      await ensureQueue(name);
      return boss.send(name, data, {
        retryLimit: 3,
        retryDelay: 5,
        expireInSeconds: 15 * 60,
        ...options,
      });
    },
    work: async (name, handler, options = {}) => {
      await ensureQueue(name);
      worked.add(name);
      // pg-boss 10 runs a worker's jobs one batch at a time: several workers, each fetching
      // one job, let that many jobs of the queue run at once.
      for (let worker = 0; worker < (options.workers ?? 1); worker += 1)
        await boss.work(name, { pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) {
            count(name, 1);
            try {
              await handler(job.data as never, { id: job.id, signal: stopping.signal });
            } finally {
              count(name, -1);
            }
          }
        });
    },
    stop: async (graceMs = 10_000) => {
      // First no new job (a fetch under way may still bring one: its handler sees the signal).
      for (const name of worked) await boss.offWork(name);
      const busy = () =>
        [...new Set([...running.keys(), ...background.keys()])].filter(
          (name) => (running.get(name) ?? 0) + (background.get(name)?.() ?? 0) > 0,
        );
      const underWay = busy();
      stopping.abort();
      const loopsDone = Promise.all(loops);
      await boss.stop({ graceful: true, wait: true, timeout: graceMs });
      bossStopped = true;
      await Promise.race([loopsDone, new Promise((resolve) => setTimeout(resolve, graceMs))]);
      stopped = true;
      return { underWay, overran: busy() };
    },
  };
};
