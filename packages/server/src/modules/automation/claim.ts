import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';
import { automationRuns, events } from '../../db/tables.ts';
import { countRows } from '../../jobs/pool.ts';
import type { RunRow } from './repo.ts';

/** How long a claimed run is held before another process may take it over. */
export const RUN_LEASE_SECONDS = 120;

/**
 * Claims up to `limit` due pending runs for `RUN_LEASE_SECONDS` (one short statement: no
 * transaction is held while the runs work), fairly: round-robin across organisations (each
 * organisation's first run in event order, then every organisation's second…), and never more
 * for one organisation than `perOrganization` less the runs it has under way in this process
 * (`inFlight`), so that one organisation's backlog never fills the process's slots. Answers
 * them in that order.
 */
export const claimRuns = async (
  db: Db,
  room: { limit: number; perOrganization: number; inFlight: ReadonlyMap<string, number> },
): Promise<RunRow[]> => {
  if (room.limit <= 0) return [];
  const result = await db.execute(sql`
    WITH busy_org AS (${countRows(room.inFlight)}),
    due AS (
      SELECT q.id, qe.seq,
             row_number() OVER (PARTITION BY q.organization_id ORDER BY qe.seq, q.id) AS turn,
             ${room.perOrganization}::int - coalesce(bo.n, 0) AS org_room
      FROM ${automationRuns} q
      JOIN ${events} qe ON qe.id = q.event_id
      LEFT JOIN busy_org bo ON bo.id = q.organization_id
      WHERE q.status = 'pending' AND q.next_attempt_at <= now()
    )
    UPDATE ${automationRuns} AS r
    SET next_attempt_at = now() + make_interval(secs => ${RUN_LEASE_SECONDS}),
        attempts = r.attempts + 1
    FROM due
    WHERE due.id = r.id AND r.id IN (
      SELECT q.id FROM ${automationRuns} q
      JOIN due ON due.id = q.id AND due.turn <= due.org_room
      WHERE q.status = 'pending' AND q.next_attempt_at <= now()
      ORDER BY due.turn, due.seq, q.id
      LIMIT ${room.limit}::int
      FOR UPDATE OF q SKIP LOCKED)
    RETURNING r.id, due.turn, due.seq`);
  const claimed = rowsOf<{ id: string; turn: number | string; seq: number | string }>(result).sort(
    (a, b) => Number(a.turn) - Number(b.turn) || Number(a.seq) - Number(b.seq),
  );
  if (claimed.length === 0) return [];
  const rows = await db
    .select()
    .from(automationRuns)
    .where(
      inArray(
        automationRuns.id,
        claimed.map((row) => row.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return claimed.flatMap((row) => byId.get(row.id) ?? []);
};

/**
 * Hands claimed runs back, due now and their attempt uncounted (a stopping process gives back
 * the runs it had not started, so that the next process takes them at once).
 */
export const releaseRuns = async (db: Db, ids: readonly string[]): Promise<void> => {
  if (ids.length === 0) return;
  await db.execute(sql`
    UPDATE ${automationRuns}
    SET next_attempt_at = now(), attempts = greatest(attempts - 1, 0)
    WHERE status = 'pending' AND id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
};
