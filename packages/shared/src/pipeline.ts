import { z } from 'zod';
import { answerSchema, text } from './answers.ts';
import { refuseReversedRange } from './dates.ts';
import { LEAD_STATUSES, leadAnswerSchema, leadListQuerySchema, leadStatusSchema } from './leads.ts';
import type { Lead, LeadListQuery, LeadStatus } from './leads.ts';

/**
 * The board's columns, left to right, as a sales pipeline reads: a lead warms up from Cold to
 * Hot and ends Qualified.
 */
export const PIPELINE_STATUSES = [
  'Cold Lead',
  'Warm Lead',
  'Hot Lead',
  'Qualified',
] as const satisfies readonly LeadStatus[];

/**
 * The chance a deal closes from each column, for the board's weighted totals (deal value x
 * chance): a Cold lead rarely buys, a Qualified one mostly does. Fixed for every organisation;
 * the board shows them beside the totals.
 */
export const STAGE_PROBABILITIES: Record<LeadStatus, number> = {
  'Cold Lead': 0.1,
  'Warm Lead': 0.25,
  'Hot Lead': 0.5,
  Qualified: 0.75,
};

/** A column's value weighted by its stage's chance, to the cent. */
export const weightedValue = (status: LeadStatus, value: number): number =>
  Math.round(value * STAGE_PROBABILITIES[status] * 100) / 100;

/** "10%": a stage's chance as the board shows it. */
export const stagePercent = (status: LeadStatus): string =>
  `${Math.round(STAGE_PROBABILITIES[status] * 100)}%`;

/** Cards a column shows at first, and each "more" after. */
export const PIPELINE_PAGE = 50;

export const INVALID_CURSOR = 'Invalid cursor';
export const INVALID_PIPELINE_STATUS = 'Please choose a valid status';

// The table's filters, so that they mean on the board what they mean on the table; paging,
// sorting and the status (the board's columns) are the board's own.
const {
  page: _page,
  limit: _limit,
  sort: _sort,
  status: _status,
  ...filterFields
} = leadListQuerySchema.shape;

const cursorParam = z
  .string({ error: INVALID_CURSOR })
  .max(200, INVALID_CURSOR)
  .regex(/^[A-Za-z0-9_-]+$/, INVALID_CURSOR);

/** GET /api/pipeline: the table's filters. */
export const pipelineQuerySchema = z.object(filterFields).superRefine(refuseReversedRange);
export type PipelineQuery = Omit<LeadListQuery, 'page' | 'limit' | 'sort' | 'status'>;
export type PipelineParams = z.output<typeof pipelineQuerySchema>;

/** GET /api/pipeline/:status: the same filters and where the last page ended. */
export const pipelineColumnQuerySchema = z
  .object({ ...filterFields, cursor: cursorParam.optional() })
  .superRefine(refuseReversedRange);
export type PipelineColumnParams = z.output<typeof pipelineColumnQuerySchema>;

export const pipelineStatusParamsSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: INVALID_PIPELINE_STATUS }),
});

/** PATCH /api/pipeline/leads/:id: the column a card was moved to. */
export const pipelineMoveSchema = leadStatusSchema;

/** One column: every matching lead's count and summed deal value, and its first cards. */
export type PipelineColumn = {
  status: LeadStatus;
  count: number;
  /** The sum of the column's deal values (leads without one count as 0). */
  value: number;
  leads: Lead[];
  /** Where the next cards start; null when these are the last. */
  nextCursor: string | null;
};

export type PipelineResponse = { columns: PipelineColumn[] };

/** More cards of one column. */
export type PipelineColumnPage = { status: LeadStatus; leads: Lead[]; nextCursor: string | null };

/* Answers (the server's response schemas, and so /api/docs). */

const statusAnswer = z.enum(LEAD_STATUSES);

export const pipelineColumnPageAnswerSchema = answerSchema<PipelineColumnPage>()({
  status: statusAnswer,
  leads: z.array(leadAnswerSchema),
  nextCursor: text.nullable(),
});

export const pipelineAnswerSchema = answerSchema<PipelineResponse>()({
  columns: z.array(
    answerSchema<PipelineColumn>()({
      status: statusAnswer,
      count: z.number(),
      value: z.number(),
      leads: z.array(leadAnswerSchema),
      nextCursor: text.nullable(),
    }),
  ),
});

/** Days a lead has been in its status, whole days, at least 0. */
export const daysInStatus = (statusChangedAt: string, now: Date = new Date()): number =>
  Math.max(0, Math.floor((now.getTime() - new Date(statusChangedAt).getTime()) / 86_400_000));
