import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';

/** Qualified demo leads put into each default stage, in board order (the rest stay Qualified). */
const PER_STAGE = [40, 25, 30, 15];
const LOST_REASONS = ['Went with a competitor', 'No budget this year', 'No reply after proposal'];

/**
 * Puts some of the demo organisation's Qualified leads into its deal stages, entered over the
 * last 60 days (so Reports shows deals won, a win rate and days per stage), with their history:
 * a closed deal went through Proposal first.
 */
export const seedDemoStages = async (db: Db, organizationId: string): Promise<void> => {
  const bounds = PER_STAGE.map((_, index) => PER_STAGE.slice(0, index + 1).reduce((a, b) => a + b));
  await db.execute(sql`
    WITH stages AS (
      SELECT id, kind, row_number() OVER (ORDER BY position) AS n
      FROM deal_stages WHERE organization_id = ${organizationId}
    ), picked AS (
      SELECT id, row_number() OVER (ORDER BY id) AS n
      FROM leads WHERE organization_id = ${organizationId} AND status = 'Qualified'
      LIMIT ${bounds.at(-1)!}
    ), placed AS (
      SELECT p.id AS lead_id, s.id AS stage_id, s.kind, p.n,
        now() - ((p.n * 37) % 60) * interval '1 day' - (p.n % 24) * interval '1 hour' AS at
      FROM picked p JOIN stages s ON s.n = CASE
        WHEN p.n <= ${bounds[0]!} THEN 1 WHEN p.n <= ${bounds[1]!} THEN 2
        WHEN p.n <= ${bounds[2]!} THEN 3 ELSE 4 END
    ), moved AS (
      UPDATE leads l SET stage_id = placed.stage_id, stage_changed_at = placed.at,
        lost_reason = CASE WHEN placed.kind = 'lost'
          THEN (${sql.raw(`ARRAY[${LOST_REASONS.map((r) => `'${r}'`).join(', ')}]`)})[1 + placed.n % ${LOST_REASONS.length}]
          END
      FROM placed WHERE l.id = placed.lead_id
      RETURNING l.id, l.stage_id, l.stage_changed_at, l.lost_reason, placed.kind, placed.n
    ), proposal AS (SELECT id FROM stages WHERE n = 2)
    INSERT INTO lead_stage_changes (organization_id, lead_id, from_stage_id, to_stage_id, lost_reason, changed_at)
    SELECT ${organizationId}::uuid, m.id, CASE WHEN m.kind = 'open' THEN NULL ELSE proposal.id END,
      m.stage_id, m.lost_reason, m.stage_changed_at
    FROM moved m CROSS JOIN proposal
    UNION ALL
    -- A closed deal went through Proposal first, for 3 to 17 days.
    SELECT ${organizationId}::uuid, m.id, NULL, proposal.id, NULL,
      m.stage_changed_at - (3 + m.n % 15) * interval '1 day'
    FROM moved m CROSS JOIN proposal WHERE m.kind <> 'open'
`);
};
