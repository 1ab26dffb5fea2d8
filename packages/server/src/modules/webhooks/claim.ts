import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';
import { countRows } from '../../jobs/pool.ts';
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

/** How many deliveries this process has under way, per organisation and per webhook. */
export type ClaimRoom = {
  /** Deliveries to claim at most (the free slots). */
  limit: number;
  /** Deliveries one organisation, and one webhook, may have under way in this process. */
  perOrganization: number;
  perWebhook: number;
  /** Deliveries under way now, by organisation id and by webhook id. */
  organizations: ReadonlyMap<string, number>;
  webhooks: ReadonlyMap<string, number>;
};

/**
 * Claims due deliveries of active webhooks for this process, fairly: taken round-robin across
 * organisations (each organisation's oldest first, then every organisation's second…), and
 * never more than the room `room` leaves each organisation and each webhook, so that one
 * organisation's backlog or slow receiver never fills the process's slots. Row locks (SKIP
 * LOCKED) pick them, and the lease (next_attempt_at moved ahead, attempts counted) keeps every
 * other process off them until it lapses, with no transaction left open during the POST. A
 * delivery is only claimed when no earlier event of the same webhook and record is still
 * pending, so deliveries about one record arrive in order.
 */
export const claimDeliveries = async (db: Db, room: ClaimRoom): Promise<ClaimedDelivery[]> => {
  if (room.limit <= 0) return [];
  return rowsOf<ClaimedDelivery>(
    await db.execute(sql`
      WITH busy_org AS (${countRows(room.organizations)}),
      busy_hook AS (${countRows(room.webhooks)}),
      due AS (
        SELECT c.id, c.organization_id, c.next_attempt_at, c.event_seq,
               row_number() OVER (PARTITION BY c.webhook_id
                                  ORDER BY c.next_attempt_at, c.event_seq) AS hook_rank,
               ${room.perWebhook}::int - coalesce(bh.n, 0) AS hook_room
        FROM webhook_deliveries c
        JOIN webhooks w ON w.id = c.webhook_id AND w.active
        LEFT JOIN busy_hook bh ON bh.id = c.webhook_id
        WHERE c.status = 'pending' AND c.next_attempt_at <= now()
          AND NOT EXISTS (
            SELECT 1 FROM webhook_deliveries e
            WHERE e.webhook_id = c.webhook_id AND e.subject_id = c.subject_id
              AND e.status = 'pending' AND e.event_seq < c.event_seq
          )
      ), fair AS (
        SELECT due.id, due.next_attempt_at, due.event_seq,
               row_number() OVER (PARTITION BY due.organization_id
                                  ORDER BY due.next_attempt_at, due.event_seq) AS turn,
               ${room.perOrganization}::int - coalesce(bo.n, 0) AS org_room
        FROM due
        LEFT JOIN busy_org bo ON bo.id = due.organization_id
        WHERE due.hook_rank <= due.hook_room
      ), claimed AS (
        UPDATE webhook_deliveries d
        SET next_attempt_at = now() + make_interval(secs => ${DELIVERY_LEASE_SECONDS}::int),
            attempts = d.attempts + 1,
            last_attempt_at = now()
        WHERE d.id IN (
          SELECT c.id FROM webhook_deliveries c
          JOIN fair ON fair.id = c.id AND fair.turn <= fair.org_room
          WHERE c.status = 'pending' AND c.next_attempt_at <= now()
          ORDER BY fair.turn, fair.next_attempt_at, fair.event_seq
          LIMIT ${room.limit}::int
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
};

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
