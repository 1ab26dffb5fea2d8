import { z } from 'zod';
import { answerSchema, text } from './answers.ts';
import { uuidSchema } from './ids.ts';

/*
 * Deal stages: the team's own steps after the four outreach statuses (the pipeline board's
 * columns after Cold/Warm/Hot Lead and Qualified). A lead with no stage sits in its status
 * column; a lead in a stage sits in the stage's column. Won and lost stages close the deal.
 */

export const STAGE_KINDS = ['open', 'won', 'lost'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];

export const STAGE_KIND_LABELS: Record<StageKind, string> = {
  open: 'Open',
  won: 'Won',
  lost: 'Lost',
};

/** Mantine's colour names (its default theme): what a stage's column is painted with. */
export const STAGE_COLOURS = [
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
] as const;
export type StageColour = (typeof STAGE_COLOURS)[number];

export const STAGE_NAME_MAX = 60;
export const LOST_REASON_MAX = 500;
/** Stages an organisation may have (the board stays readable). */
export const MAX_STAGES = 20;

export const INVALID_STAGE_ID = 'Invalid stage ID';
export const STAGE_NOT_FOUND = 'Stage not found';
export const STAGE_NAME_TAKEN = 'A stage with this name already exists';
export const LOST_REASON_REQUIRED = 'Please give a reason the deal was lost';
export const LOST_REASON_ONLY_LOST =
  'A lost reason can be given only while the deal is in a lost stage';
export const KEEP_WON_AND_LOST = 'Keep at least one won stage and one lost stage';
export const STAGE_HAS_LEADS = 'This stage still has deals: choose a stage to move them to';
export const TOO_MANY_STAGES = `At most ${MAX_STAGES} stages`;

/** A new organisation's stages, in board order. */
export const DEFAULT_STAGES: readonly {
  name: string;
  kind: StageKind;
  colour: StageColour;
  probability: number;
}[] = [
  { name: 'Meeting booked', kind: 'open', colour: 'blue', probability: 60 },
  { name: 'Proposal', kind: 'open', colour: 'violet', probability: 80 },
  { name: 'Won', kind: 'won', colour: 'green', probability: 100 },
  { name: 'Lost', kind: 'lost', colour: 'red', probability: 0 },
];

const name = z
  .string({ error: 'Please enter a stage name' })
  .trim()
  .min(1, 'Please enter a stage name')
  .max(STAGE_NAME_MAX, `Stage name must be at most ${STAGE_NAME_MAX} characters`);
const colour = z.enum(STAGE_COLOURS, { error: 'Please choose a colour' });
const kind = z.enum(STAGE_KINDS, { error: 'Kind must be open, won or lost' });
const probability = z
  .number({ error: 'Probability must be a number from 0 to 100' })
  .int('Probability must be a whole number')
  .min(0, 'Probability must be a number from 0 to 100')
  .max(100, 'Probability must be a number from 0 to 100');

/** POST /api/stages. A won stage's probability defaults to 100, a lost one's to 0, else 50. */
export const stageCreateSchema = z.object({
  name,
  colour: colour.default('gray'),
  kind: kind.default('open'),
  probability: probability.optional(),
});
export type StageCreateInput = z.input<typeof stageCreateSchema>;
export type StageCreateData = z.output<typeof stageCreateSchema>;

export const defaultProbability = (stageKind: StageKind): number =>
  stageKind === 'won' ? 100 : stageKind === 'lost' ? 0 : 50;

/** PUT /api/stages/:id: any of the fields. */
export const stageUpdateSchema = z
  .object({ name, colour, kind, probability })
  .partial()
  .refine((stage) => Object.keys(stage).length > 0, 'Nothing to update');
export type StageUpdateData = z.output<typeof stageUpdateSchema>;

/** PUT /api/stages/order: every stage's id, in the new order. */
export const stageOrderSchema = z.object({
  ids: z
    .array(uuidSchema(INVALID_STAGE_ID), { error: 'Please list the stages in their new order' })
    .min(1, 'Please list the stages in their new order')
    .max(MAX_STAGES, TOO_MANY_STAGES),
});

/** DELETE /api/stages/:id?moveTo=<id>: where the stage's deals go. */
export const stageDeleteQuerySchema = z.object({
  moveTo: uuidSchema(INVALID_STAGE_ID).optional(),
});

/** The stage fields of PUT /api/leads/:id: null takes the deal back to its status column. */
export const leadStageFields = {
  stageId: uuidSchema(INVALID_STAGE_ID).nullable(),
  lostReason: z
    .string({ error: LOST_REASON_REQUIRED })
    .trim()
    .max(LOST_REASON_MAX, `The reason must be at most ${LOST_REASON_MAX} characters`),
};

export type Stage = {
  _id: string;
  name: string;
  kind: StageKind;
  position: number;
  colour: StageColour;
  probability: number;
};

export type StagesResponse = { stages: Stage[] };

/* Answers. */

export const stageAnswerSchema = answerSchema<Stage>()({
  _id: text,
  name: text,
  kind: z.enum(STAGE_KINDS),
  position: z.number(),
  colour: z.enum(STAGE_COLOURS),
  probability: z.number(),
});

export const stagesAnswerSchema = answerSchema<StagesResponse>()({
  stages: z.array(stageAnswerSchema),
});

/** A deal's value weighted by its stage's probability (percent), to the cent. */
export const stageWeighted = (value: number, percent: number): number =>
  Math.round(value * percent) / 100;
