import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { registerTick } from '../../jobs/tick.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { pruneDeliveries } from './claim.ts';
import { createDeliverer } from './deliver.ts';
import type { DisableNotice } from './notice.ts';
import { DELIVERY_POLL_MS } from './schedule.ts';

export { DELIVERY_POLL_MS };
/** Finished deliveries are kept this many days. */
export const DELIVERY_RETENTION_DAYS = 30;

/**
 * Every process delivers (claims by row locks and leases, each delivery finishing on its own in
 * the process's pool); one prunes old deliveries hourly. A stopping process claims nothing
 * more and lets the deliveries under way end (each within its POST's deadline).
 */
export const registerWebhookJobs = async (
  db: Db,
  queue: JobQueue,
  deps: { box: SecretBox; notice?: DisableNotice },
  onError: (error: Error) => void = (error) =>
    console.error(`webhook delivery failed: ${error.message}`),
): Promise<void> => {
  const deliverer = createDeliverer(db, deps, onError);
  queue.loop('webhook-deliveries', DELIVERY_POLL_MS, deliverer.pass, {
    drain: deliverer.drain,
    inFlight: deliverer.inFlight,
  });
  // The first prune a minute after start: nothing is old at start-up worth delaying it for.
  await registerTick(
    queue,
    {
      queue: 'webhook-deliveries-prune',
      everySeconds: 60 * 60,
      run: () => pruneDeliveries(db, DELIVERY_RETENTION_DAYS),
    },
    60,
  );
};
