import { z } from 'zod';
import { answerSchema, isoDateTime, text } from './answers.ts';

/* Calls and notes on a lead (the drawer's timeline, the leaderboard). */

export const LEAD_NOTE_KINDS = ['note', 'call'] as const;
export type LeadNoteKind = (typeof LEAD_NOTE_KINDS)[number];

export const CALL_OUTCOMES = ['connected', 'voicemail', 'no answer', 'wrong number'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  connected: 'Connected',
  voicemail: 'Voicemail',
  'no answer': 'No answer',
  'wrong number': 'Wrong number',
};

export const NOTE_MAX = 5000;

/** "4 min 5 s", "45 s": a call's length as the timeline and the activity log say it. */
export const formatDuration = (seconds: number): string => {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
};
/** A call of more than 24 hours is a typing mistake. */
export const CALL_DURATION_MAX = 86_400;

const noteBody = (label: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .max(NOTE_MAX, `${label} must be at most ${NOTE_MAX} characters`);

/** POST /api/leads/:id/notes */
export const noteSchema = z.object({
  body: noteBody('Note').min(1, 'Note is required'),
});
export type NoteInput = z.input<typeof noteSchema>;
export type NoteData = z.output<typeof noteSchema>;

/** POST /api/leads/:id/calls */
export const callSchema = z.object({
  outcome: z.enum(CALL_OUTCOMES, { error: 'Please choose the call outcome' }),
  notes: noteBody('Notes').optional().default(''),
  durationSeconds: z
    .number({ error: 'Duration must be a number of seconds' })
    .int('Duration must be a whole number of seconds')
    .min(0, 'Duration cannot be negative')
    .max(CALL_DURATION_MAX, 'Duration must be at most 24 hours')
    .nullable()
    .optional()
    .default(null),
});
export type CallInput = z.input<typeof callSchema>;
export type CallData = z.output<typeof callSchema>;

/** A note or call as the API answers it. */
export type LeadNote = {
  _id: string;
  leadId: string;
  kind: LeadNoteKind;
  body: string;
  outcome: CallOutcome | null;
  durationSeconds: number | null;
  author: { id: string; name: string } | null;
  createdAt: string;
};

export const leadNoteAnswerSchema = answerSchema<LeadNote>()({
  _id: text,
  leadId: text,
  kind: z.enum(LEAD_NOTE_KINDS),
  body: text,
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  durationSeconds: z.number().nullable(),
  author: z.object({ id: text, name: text }).nullable(),
  createdAt: isoDateTime,
});

/** POST /api/leads/:id/convert: the client's category (default: the lead's industry, else "Other"). */
export const leadConvertSchema = z
  .object({
    companyCategory: z
      .string({ error: 'Company category must be text' })
      .trim()
      .max(200, 'Company category must be at most 200 characters')
      .optional(),
  })
  .optional()
  .default({});
export type LeadConvertData = z.output<typeof leadConvertSchema>;
