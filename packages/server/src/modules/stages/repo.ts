import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_STAGES } from '@leadline/shared/stages';
import type { StageUpdateData } from '@leadline/shared/stages';
import type { Db } from '../../db/connection.ts';
import { dealStages, leadStageChanges, leads } from '../../db/tables.ts';
import type { StageRow } from './present.ts';

/** The organisation's stages in board order. */
export const findStages = (db: Db, organizationId: string): Promise<StageRow[]> =>
  db
    .select()
    .from(dealStages)
    .where(eq(dealStages.organizationId, organizationId))
    .orderBy(asc(dealStages.position), asc(dealStages.createdAt));

export const findStage = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<StageRow | undefined> => {
  const [row] = await db
    .select()
    .from(dealStages)
    .where(and(eq(dealStages.organizationId, organizationId), eq(dealStages.id, id)));
  return row;
};

export type NewStage = Omit<typeof dealStages.$inferInsert, 'id' | 'createdAt'>;

export const insertStage = async (db: Db, stage: NewStage): Promise<StageRow> => {
  const [row] = await db.insert(dealStages).values(stage).returning();
  return row!;
};

/** A new organisation's default stages (shared DEFAULT_STAGES). */
export const insertDefaultStages = async (db: Db, organizationId: string): Promise<void> => {
  await db
    .insert(dealStages)
    .values(DEFAULT_STAGES.map((stage, position) => ({ ...stage, organizationId, position })));
};

export const updateStageRow = async (
  db: Db,
  organizationId: string,
  id: string,
  changes: StageUpdateData | { position: number },
): Promise<StageRow | undefined> => {
  const [row] = await db
    .update(dealStages)
    .set(changes)
    .where(and(eq(dealStages.organizationId, organizationId), eq(dealStages.id, id)))
    .returning();
  return row;
};

export const deleteStageRow = async (db: Db, organizationId: string, id: string) =>
  db
    .delete(dealStages)
    .where(and(eq(dealStages.organizationId, organizationId), eq(dealStages.id, id)))
    .returning({ id: dealStages.id });

/** How many of the organisation's leads are in the stage. */
export const countLeadsIn = async (db: Db, organizationId: string, stageId: string) => {
  const [row] = await db
    .select({ n: count() })
    .from(leads)
    .where(and(eq(leads.organizationId, organizationId), eq(leads.stageId, stageId)));
  return row?.n ?? 0;
};

/** Locks the organisation's stages for a change that checks them all (kinds, order). */
export const lockStages = async (db: Db, organizationId: string): Promise<void> => {
  await db.execute(
    sql`SELECT id FROM ${dealStages} WHERE ${dealStages.organizationId} = ${organizationId} FOR UPDATE`,
  );
};

export type NewStageChange = Omit<typeof leadStageChanges.$inferInsert, 'id' | 'changedAt'>;

/** Notes moves of leads between stages (the reports' days per stage). */
export const insertStageChanges = async (
  db: Db,
  rows: readonly NewStageChange[],
): Promise<void> => {
  if (rows.length > 0) await db.insert(leadStageChanges).values([...rows]);
};

/** Whether every id names one of the organisation's stages. */
export const countStagesAmong = async (db: Db, organizationId: string, ids: readonly string[]) => {
  const [row] = await db
    .select({ n: count() })
    .from(dealStages)
    .where(and(eq(dealStages.organizationId, organizationId), inArray(dealStages.id, [...ids])));
  return row?.n ?? 0;
};
