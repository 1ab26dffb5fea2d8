import { z } from 'zod';
import { answerSchema, isoDateTime, nullableDateTime, text } from './answers.ts';
import { uuidSchema } from './ids.ts';
import { LEAD_FIELDS, leadAnswerSchema } from './leads.ts';
import type { Lead } from './leads.ts';

/* Duplicates: leads that are the same person, found, merged (and the merge undone), or kept
   apart on purpose. */

/** Why two leads look like one person, strongest first. */
export const DUPLICATE_REASONS = ['email', 'profile', 'phone', 'name'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export const DUPLICATE_REASON_LABELS: Record<DuplicateReason, string> = {
  email: 'Same email',
  profile: 'Same profile URL',
  phone: 'Same phone',
  name: 'Same name at the same company',
};

/** How long a merge can be undone. */
export const MERGE_UNDO_DAYS = 30;

/** The candidate pairs one page of the Duplicates screen lists. */
export const DUPLICATE_PAIRS_LIMIT = 100;

export const DUPLICATES_ONLY_LEADS = 'Duplicates are found among leads (entity=lead)';
export const INVALID_LEAD_ID = 'Invalid lead ID';
export const INVALID_MERGE_ID = 'Invalid merge ID';
export const MERGE_SAME_LEAD = 'Choose two different leads to merge';
export const MERGE_NOT_FOUND = 'Merge not found';
export const MERGE_ALREADY_UNDONE = 'This merge has already been undone';
export const MERGE_TOO_OLD = `A merge can be undone for ${MERGE_UNDO_DAYS} days`;
export const MERGE_EMAIL_TAKEN =
  'The merge cannot be undone: another lead now has the merged lead’s email';

/** GET /api/duplicates */
export const duplicatesQuerySchema = z.object({
  entity: z.enum(['lead'], { error: DUPLICATES_ONLY_LEADS }).default('lead'),
});

/** The lead fields a merge lets the user choose between (the owner too). */
export const MERGE_FIELDS = [
  ...(Object.keys(LEAD_FIELDS) as (keyof typeof LEAD_FIELDS)[]),
  'ownerId',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

export const MERGE_FIELD_LABELS: Record<MergeField, string> = { ...LEAD_FIELDS, ownerId: 'Owner' };

const mergeChoice = z.enum(['keep', 'merge'], { error: "Each field's choice is keep or merge" });

/** A custom field's choice in a merge: `custom.<key>`. */
export type MergeCustomField = `custom.${string}`;
const CUSTOM_MERGE_FIELD = /^custom\.[a-z][a-z0-9_]{0,49}$/;
const isMergeFieldName = (name: string): boolean =>
  (MERGE_FIELDS as readonly string[]).includes(name) || CUSTOM_MERGE_FIELD.test(name);
export type MergeChoices = Partial<Record<MergeField | MergeCustomField, 'keep' | 'merge'>>;

/**
 * POST /api/leads/merge: `fields` names the merged lead's values to take (the rest: kept), a
 * custom field as `custom.<key>`.
 */
export const mergeSchema = z
  .object({
    keepId: uuidSchema(INVALID_LEAD_ID),
    mergeId: uuidSchema(INVALID_LEAD_ID),
    fields: z
      .record(z.string(), mergeChoice)
      .refine((fields) => Object.keys(fields).every(isMergeFieldName), 'Unknown field to merge')
      .transform((fields) => fields as MergeChoices)
      .optional(),
  })
  .refine((body) => body.keepId.toLowerCase() !== body.mergeId.toLowerCase(), {
    message: MERGE_SAME_LEAD,
    path: ['mergeId'],
  });
export type MergeInput = z.output<typeof mergeSchema>;

/** POST /api/duplicates/keep-separate: the pair stops being offered. */
export const keepSeparateSchema = z
  .object({ aId: uuidSchema(INVALID_LEAD_ID), bId: uuidSchema(INVALID_LEAD_ID) })
  .refine((body) => body.aId.toLowerCase() !== body.bId.toLowerCase(), {
    message: MERGE_SAME_LEAD,
    path: ['bId'],
  });

/** GET /api/duplicates/check: the create form's values, to warn before saving. */
export const duplicateCheckSchema = z.object({
  personEmail: z.string().max(320).optional(),
  personLinkedin: z.string().max(500).optional(),
  phone: z.string().max(100).optional(),
  personFirstName: z.string().max(200).optional(),
  personLastName: z.string().max(200).optional(),
  companyName: z.string().max(200).optional(),
  companySite: z.string().max(500).optional(),
});
export type DuplicateCheckInput = z.infer<typeof duplicateCheckSchema>;

export const mergeParamsSchema = z.object({ mergeId: uuidSchema(INVALID_MERGE_ID, 404) });

/* Answers */

export type DuplicatePair = { a: Lead; b: Lead; reasons: DuplicateReason[] };
const reasons = z.array(z.enum(DUPLICATE_REASONS));

export const duplicatePairsAnswerSchema = z.object({
  pairs: z.array(
    answerSchema<DuplicatePair>()({ a: leadAnswerSchema, b: leadAnswerSchema, reasons }),
  ),
  /** Pairs found in all (the list shows the first DUPLICATE_PAIRS_LIMIT). */
  total: z.number(),
  /** Of them, pairs with the same email: what "Merge all same-email pairs" merges. */
  sameEmail: z.number(),
});
export type DuplicatePairsAnswer = { pairs: DuplicatePair[]; total: number; sameEmail: number };

export type DuplicateMatch = { lead: Lead; reasons: DuplicateReason[] };
export const duplicateCheckAnswerSchema = z.object({
  matches: z.array(answerSchema<DuplicateMatch>()({ lead: leadAnswerSchema, reasons })),
});
export type DuplicateCheckAnswer = { matches: DuplicateMatch[] };

export const mergeAnswerSchema = z.object({ lead: leadAnswerSchema, mergeId: text });
export type MergeAnswer = { lead: Lead; mergeId: string };

export const undoAnswerSchema = z.object({ kept: leadAnswerSchema, restored: leadAnswerSchema });
export type UndoAnswer = { kept: Lead; restored: Lead };

export const mergeExactAnswerSchema = z.object({ merged: z.number(), mergeIds: z.array(text) });

/** A merge of the organisation, newest first (the Duplicates screen's "Recent merges"). */
export type MergeSummary = {
  id: string;
  keptId: string;
  keptName: string;
  mergedName: string;
  mergedEmail: string;
  userName: string | null;
  mergedAt: string;
  undoneAt: string | null;
  /** Until when Undo is offered (null once undone). */
  undoUntil: string | null;
};
export const mergeListAnswerSchema = z.object({
  merges: z.array(
    answerSchema<MergeSummary>()({
      id: text,
      keptId: text,
      keptName: text,
      mergedName: text,
      mergedEmail: text,
      userName: text.nullable(),
      mergedAt: isoDateTime,
      undoneAt: nullableDateTime,
      undoUntil: nullableDateTime,
    }),
  ),
});
