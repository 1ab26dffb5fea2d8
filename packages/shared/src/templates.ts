import { z } from 'zod';
import { answerSchema, isoDateTime, text as anyText } from './answers.ts';
import { MESSAGE_MAX } from './email.ts';
import { withKnownMergeFields } from './merge-fields.ts';
import { uuidSchema } from './ids.ts';

/* Saved email templates: personal to their owner, or shared with the organisation. */

export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_SUBJECT_MAX = 150;
export const INVALID_TEMPLATE_ID = 'Invalid template ID';
export const TEMPLATE_NOT_FOUND = 'Template not found';
export const NOT_TEMPLATE_OWNER =
  'Only the owner of this template or an administrator can change it';

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const templateFields = {
  name: required('Name', TEMPLATE_NAME_MAX),
  subject: withKnownMergeFields(required('Subject', TEMPLATE_SUBJECT_MAX)),
  body: withKnownMergeFields(
    z
      .string({ error: 'Body is required' })
      .max(MESSAGE_MAX, 'Body is too long')
      .refine((html) => html.replace(/<[^>]*>/g, '').trim().length > 0, 'Body is required'),
  ),
  shared: z.boolean({ error: 'shared must be true or false' }),
};

/** POST /api/templates. */
export const templateSchema = z.object({
  ...templateFields,
  shared: templateFields.shared.optional().default(false),
});
export type TemplateInput = z.input<typeof templateSchema>;
export type TemplateData = z.output<typeof templateSchema>;

/** PUT /api/templates/:id: any of the fields (an absent one keeps its value). */
export const templateUpdateSchema = z
  .object(templateFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update');
export type TemplateUpdateData = z.output<typeof templateUpdateSchema>;

/** POST /api/templates/:id/preview. */
export const templatePreviewSchema = z.object({
  leadId: uuidSchema('Invalid lead ID'),
});

export type Template = {
  _id: string;
  name: string;
  subject: string;
  body: string;
  shared: boolean;
  owner: { _id: string; name: string } | null;
  /** Whether the caller may edit or delete it (its owner, or an administrator if shared). */
  editable: boolean;
  createdAt: string;
  updatedAt: string;
};

export type TemplatePreview = { subject: string; body: string };

/* Answers (the server's response schemas, and so /api/docs). */

export const templateAnswerSchema = answerSchema<Template>()({
  _id: anyText,
  name: anyText,
  subject: anyText,
  body: anyText,
  shared: z.boolean(),
  owner: z.object({ _id: anyText, name: anyText }).nullable(),
  editable: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export const templateListAnswerSchema = z.array(templateAnswerSchema);
export const templatePreviewAnswerSchema = answerSchema<TemplatePreview>()({
  subject: anyText,
  body: anyText,
});
