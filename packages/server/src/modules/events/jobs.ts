import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { registerTick } from '../../jobs/tick.ts';
import { dispatchEvents } from './dispatch.ts';
import { pruneEvents } from './prune.ts';
import type { EventConsumer } from './dispatch.ts';

/** How often each process looks for new events when there were none. */
export const EVENT_POLL_MS = 500;

/**
 * Every process dispatches (one at a time, by the advisory lock); one prunes old events hourly.
 */
export const registerEventJobs = async (
  db: Db,
  queue: JobQueue,
  consumers: readonly EventConsumer[],
): Promise<void> => {
  queue.loop(
    'events-dispatch',
    EVENT_POLL_MS,
    async () => (await dispatchEvents(db, consumers)) > 0,
  );
  await registerTick(
    queue,
    {
      queue: 'events-prune',
      everySeconds: 60 * 60,
      run: async () => void (await pruneEvents(db)),
    },
    60,
  );
};
