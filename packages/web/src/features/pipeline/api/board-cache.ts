import type { Lead, LeadStatus } from '@leadline/shared/leads';
import type { PipelineColumn, PipelineResponse } from '@leadline/shared/pipeline';

const withColumn = (
  board: PipelineResponse,
  status: LeadStatus,
  change: (column: PipelineColumn) => PipelineColumn,
): PipelineResponse => ({
  columns: board.columns.map((column) => (column.status === status ? change(column) : column)),
});

/** The board with more cards of a column appended (a page read with its cursor). */
export const appendCards = (
  board: PipelineResponse,
  status: LeadStatus,
  leads: readonly Lead[],
  nextCursor: string | null,
): PipelineResponse =>
  withColumn(board, status, (column) => {
    const shown = new Set(column.leads.map((lead) => lead._id));
    return {
      ...column,
      leads: [...column.leads, ...leads.filter((lead) => !shown.has(lead._id))],
      nextCursor,
    };
  });

/**
 * The board as it is once `lead` is in `status`: out of its column (count and value down), at
 * the top of the other (count and value up, its time in status starting now).
 */
export const moveCard = (board: PipelineResponse, lead: Lead, status: LeadStatus) => {
  const value = lead.dealValue ?? 0;
  const moved: Lead = { ...lead, status, statusChangedAt: new Date().toISOString() };
  const without = withColumn(board, lead.status as LeadStatus, (column) => ({
    ...column,
    count: Math.max(0, column.count - 1),
    value: column.value - value,
    leads: column.leads.filter((card) => card._id !== lead._id),
  }));
  return withColumn(without, status, (column) => ({
    ...column,
    count: column.count + 1,
    value: column.value + value,
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
