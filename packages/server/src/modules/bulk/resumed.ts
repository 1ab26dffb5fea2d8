import type { Db } from '../../db/connection.ts';
import { lastLoggedAt } from '../activity/log.ts';

/** The activity entry of a resume, about the run (its entity). */
export const BULK_RESUMED_ACTION = 'bulk email resumed';

/**
 * When the run was last resumed: the time of its latest resume's activity entry (written in
 * the resume's transaction; nothing else is stored for it). Its bounce rate is judged on the
 * emails sent since then only, so that the bounces that paused it do not pause it again at
 * once. Undefined for a run never resumed: all its emails count.
 */
export const lastResumedAt = (db: Db, run: { id: string; organizationId: string }) =>
  lastLoggedAt(db, run.organizationId, run.id, BULK_RESUMED_ACTION);
