import type { Db } from '../../db/connection.ts';
import { listActivity } from '../activity/log.ts';

/** The activity entry of a resume, about the run (its entity). */
export const BULK_RESUMED_ACTION = 'bulk email resumed';

/**
 * When the run was last resumed: the time of its resume's activity entry (written in the
 * resume's transaction; nothing else is stored for it), when that is the run's latest entry,
 * as it is while a resumed run runs (a run writes its next entry when it pauses or ends).
 * Its bounce rate is judged on the emails sent since then only, so that the bounces that
 * paused it do not pause it again at once. Undefined for a run never resumed: all its emails
 * count.
 */
export const lastResumedAt = async (
  db: Db,
  run: { id: string; organizationId: string },
): Promise<Date | undefined> => {
  const [latest] = await listActivity(db, run.organizationId, { limit: 1, entityId: run.id });
  return latest?.action === BULK_RESUMED_ACTION ? latest.createdAt : undefined;
};
