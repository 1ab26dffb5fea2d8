import type { Stage } from '@leadline/shared/stages';
import type { dealStages } from '../../db/tables.ts';

export type StageRow = typeof dealStages.$inferSelect;

/** A stage as the API answers it. */
export const toStage = (row: StageRow): Stage => ({
  _id: row.id,
  name: row.name,
  kind: row.kind,
  position: row.position,
  colour: row.colour,
  probability: row.probability,
});
