import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { registerTick } from '../../jobs/tick.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { pruneDeliveries } from './claim.ts';
import { deliverDue } from './deliver.ts';
import type { DisableNotice } from './notice.ts';

/** How often each process looks for due deliveries when there were none. */
export const DELIVERY_POLL_MS = 500;
/** Finished deliveries are kept this many days. */
export const DELIVERY_RETENTION_DAYS = 30;

/** Every process delivers (claims by row locks and leases); one prunes old deliveries hourly. */
export const registerWebhookJobs = async (
  db: Db,
  queue: JobQueue,
  deps: { box: SecretBox; notice?: DisableNotice },
): Promise<void> => {
  queue.loop('webhook-deliveries', DELIVERY_POLL_MS, async () => (await deliverDue(db, deps)) > 0);
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
