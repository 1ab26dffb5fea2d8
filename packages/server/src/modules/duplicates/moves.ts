import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';
import type { MergeSnapshot } from '../../db/tables/duplicates.ts';

/**
 * Everything that belongs to a lead, moved from the merged lead to the kept one, and back on
 * undo. Each table's rows are named in the snapshot (ids, or their key where the table has no
 * id), so undo moves exactly those back whatever the kept lead gained since. Where the kept lead
 * already has the like of a row (enrolled in the same campaign, the same campaign task), the
 * merged lead's one is set aside in the snapshot instead, so that no campaign step goes twice.
 *
 * Every column that names a lead must be here or in LEFT_ALONE (merge.test.ts checks the
 * database's columns against both).
 */
type Ids = { organizationId: string; from: string; to: string };
type Moves = Pick<MergeSnapshot, 'moved' | 'removed' | 'jobCleared'>;

/** Tables whose rows simply change lead (by id, scoped to the organisation). */
const BY_ID: readonly { table: string; column: string }[] = [
  { table: 'sent_emails', column: 'lead_id' },
  { table: 'email_replies', column: 'lead_id' },
  { table: 'lead_notes', column: 'lead_id' },
  { table: 'lead_status_changes', column: 'lead_id' },
  { table: 'lead_stage_changes', column: 'lead_id' },
  { table: 'tasks', column: 'lead_id' },
  { table: 'automation_runs', column: 'lead_id' },
  { table: 'activity_log', column: 'entity_id' },
  { table: 'lead_merges', column: 'kept_id' },
];

/** Columns that name a lead and stay as written: the record of what happened then. */
export const LEFT_ALONE: readonly string[] = [
  'events.lead_id', // the outbox: events already sent to webhooks and rules
  'email_bulk_runs.lead_ids', // a finished run's list
  'lead_merges.merged_id', // the merge itself
];

/** The columns moves.ts moves, as `table.column` (for the check of every lead column). */
export const MOVED_COLUMNS: readonly string[] = [
  ...BY_ID.map(({ table, column }) => `${table}.${column}`),
  'campaign_leads.lead_id',
  'campaign_deliveries.lead_id',
  'meeting_attendees.lead_id',
  'lead_duplicate_dismissals.lead_a',
  'lead_duplicate_dismissals.lead_b',
];

const ident = (name: string): SQL => sql.raw(`"${name}"`);

const idsOf = (result: unknown): string[] => rowsOf<{ id: string }>(result).map((row) => row.id);
const jsonRows = (result: unknown): Record<string, unknown>[] =>
  rowsOf<{ row: Record<string, unknown> }>(result).map((r) => r.row);

/** Moves the merged lead's rows to the kept lead; answers what moved and what was set aside. */
export const moveRelated = async (tx: Db, ids: Ids): Promise<Moves> => {
  const { organizationId, from, to } = ids;
  const moves: Moves = { moved: {}, removed: {}, jobCleared: [] };

  // A campaign task the kept lead has too: the kept lead's stays.
  moves.removed.tasks = jsonRows(
    await tx.execute(sql`
      DELETE FROM tasks m USING tasks k
      WHERE m.organization_id = ${organizationId} AND m.lead_id = ${from}
        AND k.lead_id = ${to} AND k.campaign_id = m.campaign_id
      RETURNING to_jsonb(m.*) AS row`),
  );
  // An email of a job (a campaign step, a bulk run) the kept lead also had: the job id goes
  // (remembered) so that the email can move; the kept lead's own email keeps the job.
  moves.jobCleared = rowsOf<{ id: string; jobId: string }>(
    await tx.execute(sql`
      UPDATE sent_emails m SET job_id = NULL
      FROM sent_emails k
      WHERE m.organization_id = ${organizationId} AND m.lead_id = ${from}
        AND k.lead_id = ${to} AND k.job_id = m.job_id
      RETURNING m.id AS id, k.job_id AS "jobId"`),
  );
  for (const { table, column } of BY_ID) {
    moves.moved[table] = idsOf(
      await tx.execute(sql`
        UPDATE ${ident(table)} SET ${ident(column)} = ${to}
        WHERE organization_id = ${organizationId} AND ${ident(column)} = ${from}
        RETURNING id`),
    );
  }

  await moveCampaigns(tx, ids, moves);
  await moveDismissals(tx, ids, moves);

  moves.moved.meeting_attendees = rowsOf<{ key: string }>(
    await tx.execute(sql`
      UPDATE meeting_attendees SET lead_id = ${to} WHERE lead_id = ${from}
      RETURNING meeting_id::text || ' ' || email AS key`),
  ).map((row) => row.key);
  return moves;
};

/**
 * Campaign enrolments: where both leads are in a campaign, the one further along (its highest
 * step) keeps its deliveries and the other's are set aside, so the person gets no step twice.
 */
const moveCampaigns = async (tx: Db, { from, to }: Ids, moves: Moves): Promise<void> => {
  // Campaigns where the merged lead is further along: the kept lead's deliveries go aside.
  const aside = sql`
    SELECT m.campaign_id FROM campaign_deliveries m JOIN campaign_deliveries k
      ON k.campaign_id = m.campaign_id AND k.lead_id = ${to}
    WHERE m.lead_id = ${from}
    GROUP BY m.campaign_id HAVING max(m.step) > max(k.step)`;
  const keptAside = jsonRows(
    await tx.execute(sql`
      DELETE FROM campaign_deliveries d WHERE d.lead_id = ${to} AND d.campaign_id IN (${aside})
      RETURNING to_jsonb(d.*) AS row`),
  );
  // Elsewhere the kept lead is as far or further: the merged lead's deliveries go aside.
  const mergedAside = jsonRows(
    await tx.execute(sql`
      DELETE FROM campaign_deliveries d WHERE d.lead_id = ${from} AND EXISTS (
        SELECT 1 FROM campaign_deliveries k WHERE k.campaign_id = d.campaign_id AND k.lead_id = ${to})
      RETURNING to_jsonb(d.*) AS row`),
  );
  moves.removed.campaign_deliveries = [...keptAside, ...mergedAside];
  const deliveries = rowsOf<{ campaign_id: string }>(
    await tx.execute(sql`
      UPDATE campaign_deliveries SET lead_id = ${to} WHERE lead_id = ${from}
      RETURNING campaign_id`),
  );
  moves.moved.campaign_deliveries = [...new Set(deliveries.map((row) => row.campaign_id))];

  moves.removed.campaign_leads = jsonRows(
    await tx.execute(sql`
      DELETE FROM campaign_leads m USING campaign_leads k
      WHERE m.lead_id = ${from} AND k.lead_id = ${to} AND k.campaign_id = m.campaign_id
      RETURNING to_jsonb(m.*) AS row`),
  );
  moves.moved.campaign_leads = rowsOf<{ campaign_id: string }>(
    await tx.execute(sql`
      UPDATE campaign_leads SET lead_id = ${to} WHERE lead_id = ${from} RETURNING campaign_id`),
  ).map((row) => row.campaign_id);
};

/**
 * "Keep separate" pairs of the merged lead: set aside (written back on undo) and carried to the
 * kept lead, so that the pair stays apart after the merge; a pair of the two leads themselves
 * goes. The pairs the kept lead gained are named (`<lead_a> <lead_b>`) for undo to remove.
 */
const moveDismissals = async (tx: Db, { organizationId, from, to }: Ids, moves: Moves) => {
  const removed = jsonRows(
    await tx.execute(sql`
      DELETE FROM lead_duplicate_dismissals
      WHERE organization_id = ${organizationId} AND (lead_a = ${from} OR lead_b = ${from})
      RETURNING to_jsonb(lead_duplicate_dismissals.*) AS row`),
  );
  moves.removed.lead_duplicate_dismissals = removed;
  if (removed.length === 0) return;
  moves.moved.lead_duplicate_dismissals = rowsOf<{ key: string }>(
    await tx.execute(sql`
      INSERT INTO lead_duplicate_dismissals (organization_id, lead_a, lead_b, user_id, created_at)
      SELECT organization_id, LEAST(other, ${to}::uuid), GREATEST(other, ${to}::uuid),
        user_id, created_at
      FROM (
        SELECT r.organization_id, r.user_id, r.created_at,
          CASE WHEN r.lead_a = ${from}::uuid THEN r.lead_b ELSE r.lead_a END AS other
        FROM jsonb_populate_recordset(
          NULL::lead_duplicate_dismissals, ${JSON.stringify(removed)}::jsonb) r
      ) pairs
      WHERE other <> ${to}::uuid
      ON CONFLICT DO NOTHING
      RETURNING lead_a::text || ' ' || lead_b::text AS key`),
  ).map((row) => row.key);
};

/** Undo of moveDismissals: the pairs the kept lead gained go, the merged lead's come back. */
const restoreDismissals = async (tx: Db, organizationId: string, moves: Moves) => {
  const gained = moves.moved.lead_duplicate_dismissals ?? [];
  if (gained.length > 0)
    await tx.execute(sql`
      DELETE FROM lead_duplicate_dismissals
      WHERE organization_id = ${organizationId}
        AND lead_a::text || ' ' || lead_b::text = ANY(${sql.param(gained)}::text[])`);
  const rows = moves.removed.lead_duplicate_dismissals ?? [];
  if (rows.length === 0) return;
  // A pair whose other lead has gone since (deleted, merged away) cannot come back.
  await tx.execute(sql`
    INSERT INTO lead_duplicate_dismissals
    SELECT r.* FROM jsonb_populate_recordset(
      NULL::lead_duplicate_dismissals, ${JSON.stringify(rows)}::jsonb) r
    WHERE EXISTS (SELECT 1 FROM leads l WHERE l.id = r.lead_a)
      AND EXISTS (SELECT 1 FROM leads l WHERE l.id = r.lead_b)
    ON CONFLICT DO NOTHING`);
};

/** Undo: the named rows go back to the merged lead and what was set aside comes back. */
export const moveBack = async (tx: Db, ids: Ids, moves: Moves): Promise<void> => {
  // Here `from` is the kept lead and `to` the merged lead, written back.
  const { organizationId, from, to } = ids;
  for (const { table, column } of BY_ID) {
    const moved = moves.moved[table] ?? [];
    if (moved.length === 0) continue;
    await tx.execute(sql`
      UPDATE ${ident(table)} SET ${ident(column)} = ${to}
      WHERE organization_id = ${organizationId} AND id = ANY(${sql.param(moved)}::uuid[])`);
  }
  for (const { id, jobId } of moves.jobCleared) {
    await tx.execute(sql`UPDATE sent_emails SET job_id = ${jobId} WHERE id = ${id}`);
  }
  const campaigns = (name: string) => sql.param(moves.moved[name] ?? []);
  await tx.execute(sql`
    UPDATE campaign_deliveries SET lead_id = ${to}
    WHERE lead_id = ${from} AND campaign_id = ANY(${campaigns('campaign_deliveries')}::uuid[])`);
  await tx.execute(sql`
    UPDATE campaign_leads SET lead_id = ${to}
    WHERE lead_id = ${from} AND campaign_id = ANY(${campaigns('campaign_leads')}::uuid[])`);
  for (const key of moves.moved.meeting_attendees ?? []) {
    const space = key.indexOf(' ');
    await tx.execute(sql`
      UPDATE meeting_attendees SET lead_id = ${to}
      WHERE meeting_id = ${key.slice(0, space)} AND email = ${key.slice(space + 1)}`);
  }
  await restoreDismissals(tx, organizationId, moves);
  for (const table of ['campaign_deliveries', 'campaign_leads', 'tasks']) {
    const rows = moves.removed[table] ?? [];
    if (rows.length === 0) continue;
    await tx.execute(sql`
      INSERT INTO ${ident(table)}
      SELECT * FROM jsonb_populate_recordset(NULL::${ident(table)}, ${JSON.stringify(rows)}::jsonb)
      ON CONFLICT DO NOTHING`);
  }
};
