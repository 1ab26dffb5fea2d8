import { z } from 'zod';
import { answerSchema, isoDateTime, nullableDateTime, text } from './answers.ts';
import { isCalendarDate, isDayInRange } from './dates.ts';
import { CUSTOM_FIELDS_MAX, isValidPhone, isValidUrl } from './leads.ts';

/*
 * Custom fields: an organisation's own fields on leads and clients. The definitions live in
 * `custom_fields`; the values in each record's `custom` JSONB object, keyed by the field's key,
 * stored typed (numbers as JSON numbers, dates 'YYYY-MM-DD', booleans, arrays of choices). An
 * empty value is never stored: the key is left out.
 */

export const CUSTOM_FIELD_ENTITIES = ['lead', 'client'] as const;
export type CustomFieldEntity = (typeof CUSTOM_FIELD_ENTITIES)[number];

export const CUSTOM_FIELD_TYPES = [
  'text',
  'longtext',
  'number',
  'currency',
  'date',
  'boolean',
  'select',
  'multiselect',
  'url',
  'email',
  'phone',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Text',
  longtext: 'Long text',
  number: 'Number',
  currency: 'Currency amount',
  date: 'Date',
  boolean: 'Yes / no',
  select: 'Single choice',
  multiselect: 'Multiple choice',
  url: 'URL',
  email: 'Email',
  phone: 'Phone',
};

export const CUSTOM_LABEL_MAX = 60;
export const CUSTOM_OPTION_MAX = 100;
export const CUSTOM_OPTIONS_MAX = 200;
export const CUSTOM_TEXT_MAX = 500;
export const CUSTOM_LONGTEXT_MAX = 5000;
export { CUSTOM_FIELDS_MAX };
export const CUSTOM_NUMBER_MAX = 1e15;
/** Days a deleted field's data is kept (and the field restorable). */
export const CUSTOM_FIELD_KEEP_DAYS = 30;
/** The filter value that asks for records without a value. */
export const CUSTOM_EMPTY = '__empty';

/** A stored value: text, a number, a boolean, or a list of choices. */
export type CustomValue = string | number | boolean | string[];
export type CustomValues = Record<string, CustomValue>;

export const hasChoices = (type: CustomFieldType): boolean =>
  type === 'select' || type === 'multiselect';
export const isNumeric = (type: CustomFieldType): boolean =>
  type === 'number' || type === 'currency';
/** Types compared by containment of text (filters: "contains"). */
export const isTextual = (type: CustomFieldType): boolean =>
  ['text', 'longtext', 'url', 'email', 'phone'].includes(type);
/** Types a range filter applies to. */
export const hasRange = (type: CustomFieldType): boolean => isNumeric(type) || type === 'date';

/** A field as the API answers it. */
export type CustomField = {
  _id: string;
  entity: CustomFieldEntity;
  key: string;
  label: string;
  type: CustomFieldType;
  options: string[];
  hidden: boolean;
  position: number;
  createdAt: string;
  /** Set on deleted fields (listed with ?deleted=true). */
  deletedAt: string | null;
  /** When a deleted field's data goes for good. */
  purgeAt: string | null;
};

/** What the value rules need of a field. */
export type FieldRule = Pick<CustomField, 'key' | 'label' | 'type' | 'options'>;

/**
 * A key from a label: lower-case ASCII letters, digits and underscores, at most 40 characters,
 * starting with a letter ("Contract end" -> "contract_end"). Never changes once given.
 */
export const keyFromLabel = (label: string): string => {
  let key = '';
  let gap = false;
  for (const char of label.normalize('NFKD').toLowerCase()) {
    if ((char >= 'a' && char <= 'z') || (char >= '0' && char <= '9')) {
      if (gap && key) key += '_';
      key += char;
      gap = false;
    } else if (char.charCodeAt(0) < 0x300 || char.charCodeAt(0) > 0x36f) {
      gap = true;
    }
    if (key.length >= 40) break;
  }
  key = key.slice(0, 40).replace(/_+$/, '');
  return /^[a-z]/.test(key) ? key : `f_${key}`.slice(0, 40).replace(/_+$/, '');
};

/** A key in a query or a body: what keyFromLabel makes (with a numeric suffix). */
export const CUSTOM_KEY_PATTERN = /^[a-z][a-z0-9_]{0,49}$/;
export const isCustomKey = (value: string): boolean => CUSTOM_KEY_PATTERN.test(value);

const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]*[^\s@]$/;

const isEmpty = (input: unknown): boolean =>
  input === null ||
  input === undefined ||
  (typeof input === 'string' && input.trim() === '') ||
  (Array.isArray(input) && input.length === 0);

/** A number from a JSON number or a form's text ("1,200.50"). */
const numberOf = (input: unknown): number | undefined => {
  if (typeof input === 'number') return Number.isFinite(input) ? input : undefined;
  if (typeof input !== 'string') return undefined;
  const plain = input.trim().replace(/,/g, '');
  return /^-?\d{1,16}(\.\d{1,6})?$/.test(plain) ? Number(plain) : undefined;
};

const booleanOf = (input: unknown): boolean | undefined => {
  if (typeof input === 'boolean') return input;
  if (typeof input !== 'string') return undefined;
  const word = input.trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(word)) return true;
  if (['false', 'no', 'n', '0'].includes(word)) return false;
  return undefined;
};

/** The choice among `options` that `input` names (case-insensitively), if any. */
const choiceOf = (input: unknown, options: readonly string[]): string | undefined => {
  if (typeof input !== 'string') return undefined;
  const wanted = input.trim().toLowerCase();
  return options.find((option) => option.toLowerCase() === wanted);
};

export type CheckedValue = { value: CustomValue | null } | { error: string };

/**
 * The one rule of a custom value, used by the forms, the API, imports and type changes: the
 * typed value to store (null: empty, nothing stored), or a message naming the field's label.
 */
export const checkCustomValue = (field: FieldRule, input: unknown): CheckedValue => {
  const { label } = field;
  if (isEmpty(input)) return { value: null };
  switch (field.type) {
    case 'text':
    case 'longtext': {
      if (typeof input !== 'string' && typeof input !== 'number')
        return { error: `${label} must be text` };
      const value = String(input).trim();
      const max = field.type === 'text' ? CUSTOM_TEXT_MAX : CUSTOM_LONGTEXT_MAX;
      if (value.length > max) return { error: `${label} must be at most ${max} characters` };
      return { value };
    }
    case 'number':
    case 'currency': {
      const value = numberOf(input);
      if (value === undefined) return { error: `${label} must be a number` };
      if (Math.abs(value) > CUSTOM_NUMBER_MAX) return { error: `${label} is too large` };
      if (field.type === 'currency' && Math.round(value * 100) !== value * 100)
        return { error: `${label} has at most two decimals` };
      return { value };
    }
    case 'date': {
      const value = typeof input === 'string' ? input.trim().slice(0, 10) : '';
      if (typeof input !== 'string' || input.trim().length > 10 || !isCalendarDate(value))
        return { error: `${label} must be a date (YYYY-MM-DD)` };
      if (!isDayInRange(value)) return { error: `${label} must be between 1900 and 2200` };
      return { value };
    }
    case 'boolean': {
      const value = booleanOf(input);
      return value === undefined ? { error: `${label} must be yes or no` } : { value };
    }
    case 'select': {
      const value = choiceOf(input, field.options);
      return value === undefined ? { error: `${label} must be one of its choices` } : { value };
    }
    case 'multiselect': {
      const list = typeof input === 'string' ? input.split(/[,;]/) : input;
      if (!Array.isArray(list) || list.length > CUSTOM_OPTIONS_MAX)
        return { error: `${label} must be a list of its choices` };
      const value: string[] = [];
      for (const item of list) {
        if (isEmpty(item)) continue;
        const choice = choiceOf(item, field.options);
        if (choice === undefined)
          return { error: `${label}: "${String(item).slice(0, 40)}" is not one of its choices` };
        if (!value.includes(choice)) value.push(choice);
      }
      return { value: value.length > 0 ? value : null };
    }
    case 'url': {
      if (typeof input !== 'string') return { error: `${label} must be a URL` };
      const value = input.trim();
      if (value.length > 2000 || !isValidUrl(value))
        return { error: `${label} must be a valid URL (http:// or https://)` };
      return { value };
    }
    case 'email': {
      if (typeof input !== 'string') return { error: `${label} must be an email address` };
      const value = input.trim().toLowerCase();
      if (value.length > 200 || !EMAIL_PATTERN.test(value))
        return { error: `${label} must be a valid email address` };
      return { value };
    }
    case 'phone': {
      if (typeof input !== 'string' && typeof input !== 'number')
        return { error: `${label} must be a phone number` };
      const value = String(input).trim();
      if (value.length > 40 || !isValidPhone(value))
        return { error: `${label} must be a valid phone number` };
      return { value };
    }
  }
};

export type CheckedValues = {
  /** Values to store, by key. */
  values: CustomValues;
  /** Keys sent empty: their values are removed. */
  cleared: string[];
  /** Messages by key, naming the labels. */
  errors: Record<string, string>;
};

/**
 * Every value of a form's or a body's `custom` object checked against the fields: an unknown
 * key is an error too ("Unknown custom field: x").
 */
export const checkCustomValues = (
  fields: readonly FieldRule[],
  input: Record<string, unknown>,
): CheckedValues => {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const result: CheckedValues = { values: {}, cleared: [], errors: {} };
  for (const [key, raw] of Object.entries(input)) {
    const field = byKey.get(key);
    if (!field) {
      result.errors[key] = `Unknown custom field: ${key.slice(0, 60)}`;
      continue;
    }
    const checked = checkCustomValue(field, raw);
    if ('error' in checked) result.errors[key] = checked.error;
    else if (checked.value === null) result.cleared.push(key);
    else result.values[key] = checked.value;
  }
  return result;
};

/** How a value reads in the history and spreadsheets: "Pro, Team", "yes", "(empty)". */
export const formatCustomValue = (value: CustomValue | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(empty)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
};

/** A value turned into another type, as a type change does: the new value, or why not. */
export const convertCustomValue = (
  value: CustomValue,
  to: FieldRule,
): { value: CustomValue | null } | { error: string } => {
  if (Array.isArray(value)) {
    if (to.type === 'multiselect') return checkCustomValue(to, value);
    if (value.length === 1) return checkCustomValue(to, value[0]);
    return isTextual(to.type) ? checkCustomValue(to, value.join(', ')) : { error: 'a list' };
  }
  if (typeof value === 'boolean')
    return isTextual(to.type) || hasChoices(to.type)
      ? checkCustomValue(to, value ? 'yes' : 'no')
      : checkCustomValue(to, value);
  return checkCustomValue(to, to.type === 'multiselect' ? [String(value)] : String(value));
};

/* Request bodies. */

const labelField = z
  .string({ error: 'Label is required' })
  .trim()
  .min(1, 'Label is required')
  .max(CUSTOM_LABEL_MAX, `Label must be at most ${CUSTOM_LABEL_MAX} characters`)
  .refine((value) => /[a-z0-9]/i.test(value), 'Label must contain a letter or a digit');

const optionsField = z
  .array(
    z
      .string({ error: 'Each choice must be text' })
      .trim()
      .min(1, 'A choice cannot be blank')
      .max(CUSTOM_OPTION_MAX, `A choice must be at most ${CUSTOM_OPTION_MAX} characters`),
    { error: 'Choices must be a list' },
  )
  .max(CUSTOM_OPTIONS_MAX, `At most ${CUSTOM_OPTIONS_MAX} choices`)
  .refine(
    (list) => new Set(list.map((item) => item.toLowerCase())).size === list.length,
    'Choices must differ from each other',
  );

export const customFieldTypeField = z.enum(CUSTOM_FIELD_TYPES, {
  error: `Type must be one of ${CUSTOM_FIELD_TYPES.join(', ')}`,
});
export const customFieldEntityField = z.enum(CUSTOM_FIELD_ENTITIES, {
  error: "Entity must be 'lead' or 'client'",
});

const choicesRule = (
  field: { type?: CustomFieldType; options?: string[] },
  ctx: z.RefinementCtx,
) => {
  if (field.type && hasChoices(field.type) && (!field.options || field.options.length === 0))
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'Add at least one choice' });
};

/** POST /api/custom-fields */
export const customFieldCreateSchema = z
  .object({
    entity: customFieldEntityField,
    label: labelField,
    type: customFieldTypeField,
    options: optionsField.optional(),
    hidden: z.boolean({ error: 'hidden must be true or false' }).optional(),
  })
  .superRefine(choicesRule);
export type CustomFieldCreateInput = z.input<typeof customFieldCreateSchema>;

/** PUT /api/custom-fields/:id: any of these; a type change may be tried first (dryRun). */
export const customFieldUpdateSchema = z
  .object({
    label: labelField,
    type: customFieldTypeField,
    options: optionsField,
    hidden: z.boolean({ error: 'hidden must be true or false' }),
    position: z
      .number({ error: 'position must be a number' })
      .int('position must be a whole number')
      .min(0)
      .max(10_000),
    dryRun: z.boolean({ error: 'dryRun must be true or false' }),
  })
  .partial()
  .refine((body) => Object.keys(body).some((key) => key !== 'dryRun'), 'Nothing to update');
export type CustomFieldUpdateInput = z.input<typeof customFieldUpdateSchema>;

export const customFieldListQuerySchema = z.object({
  entity: customFieldEntityField,
  deleted: z.enum(['true', 'false']).optional(),
});

// The `custom` objects of lead and client bodies and answers (defined beside the lead's rules).
export { customValuesAnswer, customValuesInput } from './leads.ts';

/* Answers. */

export const customFieldAnswerSchema = answerSchema<CustomField>()({
  _id: text,
  entity: z.enum(CUSTOM_FIELD_ENTITIES),
  key: text,
  label: text,
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(text),
  hidden: z.boolean(),
  position: z.number(),
  createdAt: isoDateTime,
  deletedAt: nullableDateTime,
  purgeAt: nullableDateTime,
});

/** A record's value that a type change cannot convert. */
export type UnconvertedValue = { id: string; name: string; value: string };

export type TypeChangeReport = {
  /** Values that fit the new type. */
  converted: number;
  /** Values that do not: cleared from the records when saved (listed, at most 100). */
  unconverted: UnconvertedValue[];
  unconvertedCount: number;
};

export type CustomFieldAnswer = { field: CustomField; typeChange?: TypeChangeReport };

export const typeChangeReportSchema = answerSchema<TypeChangeReport>()({
  converted: z.number(),
  unconverted: z.array(z.object({ id: text, name: text, value: text })),
  unconvertedCount: z.number(),
});

export const customFieldOneAnswerSchema = z.object({
  field: customFieldAnswerSchema,
  typeChange: typeChangeReportSchema.optional(),
});
export const customFieldListAnswerSchema = z.object({ fields: z.array(customFieldAnswerSchema) });

/* List queries: `custom.<key>=`, `custom.<key>.min=`, `custom.<key>.max=`, sort `custom.<key>`. */

export type CustomFilter = { key: string; equals?: string; min?: string; max?: string };

/** The `custom.*` parameters of a list query, by key; an error message for a malformed one. */
export const customFiltersOf = (
  query: Record<string, unknown>,
): { filters: CustomFilter[] } | { error: string } => {
  const byKey = new Map<string, CustomFilter>();
  for (const [name, raw] of Object.entries(query)) {
    if (!name.startsWith('custom.')) continue;
    if (typeof raw !== 'string' || raw.length > 200)
      return { error: `${name} must be one value of at most 200 characters` };
    const rest = name.slice('custom.'.length);
    const part = rest.endsWith('.min') ? 'min' : rest.endsWith('.max') ? 'max' : 'equals';
    const key = part === 'equals' ? rest : rest.slice(0, -4);
    if (!isCustomKey(key)) return { error: `${name} does not name a custom field` };
    const filter = byKey.get(key) ?? { key };
    filter[part] = raw;
    byKey.set(key, filter);
    if (byKey.size > 20) return { error: 'At most 20 custom field filters' };
  }
  return { filters: [...byKey.values()] };
};

/** `custom.<key>` or `-custom.<key>` as a sort. */
export const CUSTOM_SORT_PATTERN = /^-?custom\.[a-z][a-z0-9_]{0,49}$/;
