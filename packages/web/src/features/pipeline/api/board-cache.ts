import type { Lead } from '@leadline/shared/leads';
import { columnKeyOf } from '@leadline/shared/pipeline';
import type { PipelineColumn, PipelineResponse } from '@leadline/shared/pipeline';
import { stageWeighted } from '@leadline/shared/stages';

const withColumn = (
  board: PipelineResponse,
  key: string,
  change: (column: PipelineColumn) => PipelineColumn,
): PipelineResponse => ({
  columns: board.columns.map((column) => (column.key === key ? change(column) : column)),
});

/** The board with more cards of a column appended (a page read with its cursor). */
export const appendCards = (
  board: PipelineResponse,
  key: string,
  leads: readonly Lead[],
  nextCursor: string | null,
): PipelineResponse =>
  withColumn(board, key, (column) => {
    const shown = new Set(column.leads.map((lead) => lead._id));
    return {
      ...column,
      leads: [...column.leads, ...leads.filter((lead) => !shown.has(lead._id))],
      nextCursor,
    };
  });

/** The lead as it is once in `to`: a stage (its status kept) or a status (its stage left). */
const movedLead = (lead: Lead, to: PipelineColumn, lostReason?: string): Lead => {
  const now = new Date().toISOString();
  if (to.stage)
    return {
      ...lead,
      stageId: to.stage._id,
      stageChangedAt: now,
      lostReason: to.stage.kind === 'lost' ? (lostReason ?? null) : null,
    };
  return {
    ...lead,
    status: to.status!,
    statusChangedAt: lead.status === to.status ? lead.statusChangedAt : now,
    stageId: null,
    stageChangedAt: null,
    lostReason: null,
  };
};

const counted = (column: PipelineColumn, count: number, value: number): PipelineColumn => ({
  ...column,
  count: Math.max(0, count),
  value,
  weightedValue: stageWeighted(value, column.probability),
});

/**
 * The board as it is once `lead` is in column `to`: out of its column (count and values down),
 * at the top of the other (count and values up, its time in the column starting now).
 */
export const moveCard = (
  board: PipelineResponse,
  lead: Lead,
  to: PipelineColumn,
  lostReason?: string,
) => {
  const value = lead.dealValue ?? 0;
  const moved = movedLead(lead, to, lostReason);
  const without = withColumn(board, columnKeyOf(lead), (column) => ({
    ...counted(column, column.count - 1, column.value - value),
    leads: column.leads.filter((card) => card._id !== lead._id),
  }));
  return withColumn(without, to.key, (column) => ({
    ...counted(column, column.count + 1, column.value + value),
    leads: [moved, ...column.leads.filter((card) => card._id !== lead._id)],
  }));
};

/** The board with the server's copy of a card in place of the local one. */
export const replaceCard = (board: PipelineResponse, lead: Lead): PipelineResponse => ({
  columns: board.columns.map((column) => ({
    ...column,
    leads: column.leads.map((card) => (card._id === lead._id ? lead : card)),
  })),
});
