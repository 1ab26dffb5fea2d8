import type { JobQueue } from './queue.ts';

/** Periodic work of a feature, run by whichever process takes the tick. */
export type Tick = {
  /** The tick's queue (its name is also its singleton key). */
  queue: string;
  everySeconds: number;
  /** What a tick does; what it throws is dropped (the next tick tries again). */
  run: () => Promise<void>;
};

/**
 * Queues the tick's next run. One run per slot across every process (singletonSeconds), so
 * the ticks each process seeds at start merge into one chain.
 */
const queueTick = (queue: JobQueue, tick: Tick, delaySeconds: number) =>
  queue.send(
    tick.queue,
    {},
    {
      startAfter: delaySeconds,
      singletonKey: tick.queue,
      singletonSeconds: tick.everySeconds,
      expireInSeconds: 10 * 60,
      retryLimit: 10,
    },
  );

/**
 * Runs `tick` after `firstAfterSeconds` (now by default) and then every `everySeconds`, each
 * run queuing the next.
 */
export const registerTick = async (
  queue: JobQueue,
  tick: Tick,
  firstAfterSeconds = 0,
): Promise<void> => {
  await queue.work(tick.queue, async () => {
    // Nothing thrown: a failed tick would be retried, and the next one is queued anyway.
    try {
      await tick.run();
    } catch {
      // the next tick tries again
    } finally {
      await queueTick(queue, tick, tick.everySeconds).catch(() => undefined);
    }
  });
  await queueTick(queue, tick, firstAfterSeconds);
};
