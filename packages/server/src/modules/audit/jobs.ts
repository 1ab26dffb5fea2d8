import type { Db } from '../../db/connection.ts';
import type { Tick } from '../../jobs/tick.ts';
import { deleteAuditOlderThan } from './repo.ts';

/**
 * Every 12 hours (the longest a tick may wait): audit entries older than AUDIT_RETENTION_DAYS
 * go, in batches.
 */
export const auditRetentionTick = (db: Db, days: number): Tick => ({
  queue: 'audit-retention',
  everySeconds: 12 * 60 * 60,
  run: async () => void (await deleteAuditOlderThan(db, days)),
});
