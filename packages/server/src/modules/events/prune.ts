import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';

/** Events (and with them their deliveries and Automation runs) are kept this many days. */
export const EVENT_RETENTION_DAYS = 30;

/**
 * Deletes dispatched events older than `days`, a few thousand per statement, together with the
 * webhook deliveries and rule runs made of them (cascade), unless one of those still waits.
 */
export const pruneEvents = async (db: Db, days = EVENT_RETENTION_DAYS): Promise<number> => {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      DELETE FROM events WHERE id IN (
        SELECT e.id FROM events e
        WHERE e.dispatched_at IS NOT NULL
          AND e.occurred_at < now() - make_interval(days => ${days}::int)
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d
                          WHERE d.event_id = e.id AND d.status = 'pending')
          AND NOT EXISTS (SELECT 1 FROM automation_runs r
                          WHERE r.event_id = e.id AND r.status = 'pending')
        ORDER BY e.seq LIMIT 5000)
      RETURNING 1`);
    const deleted = rowsOf(result).length;
    total += deleted;
    if (deleted < 5000) return total;
  }
};
