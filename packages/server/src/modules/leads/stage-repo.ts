import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { leads } from '../../db/schema.ts';
import { leadColumns } from './repo.ts';
import type { LeadRow } from './repo.ts';

/** Puts one lead into a stage (null: back to its status column), noting when. */
export const setLeadStage = async (
  db: Db,
  organizationId: string,
  id: string,
  stageId: string | null,
  lostReason: string | null,
): Promise<LeadRow | undefined> => {
  const [row] = await db
    .update(leads)
    .set({
      stageId,
      lostReason,
      stageChangedAt: stageId ? sql`now()` : null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(leads.organizationId, organizationId), eq(leads.id, id)))
    .returning(leadColumns);
  return row;
};

/** Only the lost reason of a lead that stays in its (lost) stage. */
export const setLostReason = async (
  db: Db,
  organizationId: string,
  id: string,
  lostReason: string,
): Promise<LeadRow | undefined> => {
  const [row] = await db
    .update(leads)
    .set({ lostReason, updatedAt: sql`now()` })
    .where(and(eq(leads.organizationId, organizationId), eq(leads.id, id)))
    .returning(leadColumns);
  return row;
};

/** Every lead of stage `from` into stage `to` (a stage being deleted); answers their ids. */
export const moveStageRows = async (
  db: Db,
  organizationId: string,
  from: string,
  to: string,
  /** The deals' lost reason after the move; undefined keeps each one's. */
  lostReason: string | null | undefined,
): Promise<string[]> => {
  const rows = await db
    .update(leads)
    .set({
      stageId: to,
      stageChangedAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(lostReason === undefined ? {} : { lostReason }),
    })
    .where(and(eq(leads.organizationId, organizationId), eq(leads.stageId, from)))
    .returning({ id: leads.id });
  return rows.map((row) => row.id);
};
