import { z } from 'zod';
import { answerSchema, text } from './answers.ts';
import { refuseReversedRange } from './dates.ts';
import { LEAD_STATUSES, leadAnswerSchema, leadListQuerySchema, leadStatusSchema } from './leads.ts';
import type { Lead, LeadListQuery, LeadStatus } from './leads.ts';
import { uuidSchema } from './ids.ts';
import { INVALID_STAGE_ID, LOST_REASON_MAX, stageAnswerSchema } from './stages.ts';
import type { Stage } from './stages.ts';

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

export const CHOOSE_ONE_COLUMN = 'Please choose a status or a stage, not both';

/**
 * PATCH /api/pipeline/leads/:id: the column a card was moved to: a status (the card leaves its
 * deal stage) or a deal stage (a lost one with the reason).
 */
export const pipelineMoveSchema = z
  .object({
    status: leadStatusSchema.shape.status.optional(),
    stageId: uuidSchema(INVALID_STAGE_ID).optional(),
    lostReason: z
      .string()
      .trim()
      .max(LOST_REASON_MAX, `The reason must be at most ${LOST_REASON_MAX} characters`)
      .optional(),
  })
  .superRefine((move, ctx) => {
    if (move.status === undefined && move.stageId === undefined)
      ctx.addIssue({ code: 'custom', path: ['status'], message: INVALID_PIPELINE_STATUS });
    else if (move.status !== undefined && move.stageId !== undefined)
      ctx.addIssue({ code: 'custom', message: CHOOSE_ONE_COLUMN });
  });
export type PipelineMove = z.input<typeof pipelineMoveSchema>;

/** GET /api/pipeline/stages/:id: a stage column's next cards. */
export const pipelineStageParamsSchema = z.object({ id: uuidSchema(INVALID_STAGE_ID, 404) });

/** The column a lead's card is in: its deal stage's id, else its status. */
export const columnKeyOf = (lead: Pick<Lead, 'stageId' | 'status'>): string =>
  lead.stageId ?? lead.status;

/**
 * One column: a status (leads in no deal stage) or a deal stage; every matching lead's count,
 * summed deal value and value weighted by the column's probability, and its first cards.
 */
export type PipelineColumn = {
  /** The status, or the stage's id. */
  key: string;
  /** What the column is called: the status or the stage's name. */
  name: string;
  status: LeadStatus | null;
  stage: Stage | null;
  /** The chance (percent) a deal in the column closes. */
  probability: number;
  count: number;
  /** The sum of the column's deal values (leads without one count as 0). */
  value: number;
  /** `value` x `probability`, to the cent. */
  weightedValue: number;
  leads: Lead[];
  /** Where the next cards start; null when these are the last. */
  nextCursor: string | null;
};

export type PipelineResponse = { columns: PipelineColumn[] };

/** More cards of one column. */
export type PipelineColumnPage = {
  key: string;
  status: LeadStatus | null;
  leads: Lead[];
  nextCursor: string | null;
};

/* Answers (the server's response schemas, and so /api/docs). */

const statusAnswer = z.enum(LEAD_STATUSES);

export const pipelineColumnPageAnswerSchema = answerSchema<PipelineColumnPage>()({
  key: text,
  status: statusAnswer.nullable(),
  leads: z.array(leadAnswerSchema),
  nextCursor: text.nullable(),
});

export const pipelineAnswerSchema = answerSchema<PipelineResponse>()({
  columns: z.array(
    answerSchema<PipelineColumn>()({
      key: text,
      name: text,
      status: statusAnswer.nullable(),
      stage: stageAnswerSchema.nullable(),
      probability: z.number(),
      count: z.number(),
      value: z.number(),
      weightedValue: z.number(),
      leads: z.array(leadAnswerSchema),
      nextCursor: text.nullable(),
    }),
  ),
});

/** Days a lead has been in its column (its stage, else its status), whole days, at least 0. */
export const daysInColumn = (
  lead: Pick<Lead, 'stageChangedAt' | 'statusChangedAt' | 'stageId'>,
  now: Date = new Date(),
): number => daysInStatus((lead.stageId && lead.stageChangedAt) || lead.statusChangedAt, now);

/** Days a lead has been in its status, whole days, at least 0. */
export const daysInStatus = (statusChangedAt: string, now: Date = new Date()): number =>
  Math.max(0, Math.floor((now.getTime() - new Date(statusChangedAt).getTime()) / 86_400_000));
