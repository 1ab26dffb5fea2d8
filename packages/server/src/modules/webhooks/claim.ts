import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';
import { webhookDeliveries } from '../../db/tables.ts';
import { DELIVERY_LEASE_SECONDS } from './schedule.ts';

/** A delivery this process holds (by its lease) and will POST now. */
export type ClaimedDelivery = {
  id: string;
  organizationId: string;
  webhookId: string;
  eventId: string;
  attempts: number;
  url: string;
  secret: string;
  eventType: string;
  occurredAt: string | Date;
  data: Record<string, unknown>;
};

/**
 * Claims up to `limit` due deliveries of active webhooks for this process: row locks (SKIP
 * LOCKED) pick them, and the lease (next_attempt_at moved ahead, attempts counted) keeps every
 * other process off them until it lapses, with no transaction left open during the POST. A
 * delivery is only claimed when no earlier event of the same webhook and record is still
 * pending, so deliveries about one record arrive in order.
 */
export const claimDeliveries = async (db: Db, limit: number): Promise<ClaimedDelivery[]> =>
  rowsOf<ClaimedDelivery>(
    await db.execute(sql`
      WITH claimed AS (
        UPDATE webhook_deliveries d
        SET next_attempt_at = now() + make_interval(secs => ${DELIVERY_LEASE_SECONDS}::int),
            attempts = d.attempts + 1,
            last_attempt_at = now()
        WHERE d.id IN (
          SELECT c.id FROM webhook_deliveries c
          JOIN webhooks w ON w.id = c.webhook_id AND w.active
          WHERE c.status = 'pending' AND c.next_attempt_at <= now()
            AND NOT EXISTS (
              SELECT 1 FROM webhook_deliveries e
              WHERE e.webhook_id = c.webhook_id AND e.subject_id = c.subject_id
                AND e.status = 'pending' AND e.event_seq < c.event_seq
            )
          ORDER BY c.next_attempt_at, c.event_seq
          LIMIT ${limit}::int
          FOR UPDATE OF c SKIP LOCKED
        )
        RETURNING d.id, d.organization_id, d.webhook_id, d.event_id, d.attempts, d.event_seq
      )
      SELECT claimed.id, claimed.organization_id AS "organizationId",
             claimed.webhook_id AS "webhookId", claimed.event_id AS "eventId",
             claimed.attempts, w.url, w.secret, e.type AS "eventType",
             e.occurred_at AS "occurredAt", e.data
      FROM claimed
      JOIN webhooks w ON w.id = claimed.webhook_id
      JOIN events e ON e.id = claimed.event_id
      ORDER BY claimed.event_seq
    `),
  );

/** The condition that the claim is still this process's (the lease was not taken over). */
export const stillClaimed = (claim: Pick<ClaimedDelivery, 'id' | 'attempts'>) =>
  and(
    eq(webhookDeliveries.id, claim.id),
    eq(webhookDeliveries.attempts, claim.attempts),
    eq(webhookDeliveries.status, 'pending'),
  );

/** Finished deliveries older than `days` are forgotten (pending ones never are). */
export const pruneDeliveries = async (db: Db, days: number): Promise<void> => {
  await db
    .delete(webhookDeliveries)
    .where(
      and(
        sql`${webhookDeliveries.status} <> 'pending'`,
        lt(webhookDeliveries.createdAt, sql`now() - make_interval(days => ${days}::int)`),
      ),
    );
};
