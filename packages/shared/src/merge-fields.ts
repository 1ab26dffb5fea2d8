import type { z } from 'zod';

/*
 * Merge fields: `{{firstName}}`, `{{companyName|your team}}`… in a subject or body, filled in
 * for each lead when an email is sent (bulk runs, campaigns) or previewed (templates). One
 * implementation for the server's sends and the web app's previews.
 */

/** The fields a subject or body may name, in the order the editor offers them. */
export const MERGE_FIELDS = [
  'firstName',
  'lastName',
  'companyName',
  'jobTitle',
  'city',
  'country',
  'senderName',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = Partial<Record<MergeField, string | null | undefined>> & {
  /** The lead's custom values, by key: `{{custom.<key>}}` (`{{custom.contract_end|soon}}`). */
  custom?: Readonly<Record<string, unknown>> | null;
};

/** How each field is named on screen. */
export const MERGE_FIELD_LABELS: Record<MergeField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  companyName: 'Company',
  jobTitle: 'Job title',
  city: 'City',
  country: 'Country',
  senderName: 'Your name',
};

/**
 * What `{{firstName}}` without a fallback becomes for a lead without a first name: 'there'
 * ("Hi there"), as it always has. Every other field without a fallback becomes empty.
 */
const DEFAULT_FALLBACKS: MergeValues = { firstName: 'there' };

/**
 * `{{ name }}` or `{{ name | fallback }}`; the name is matched in any case. A custom field is
 * `{{custom.<key>}}` (the key in lower case, as the field's settings show it).
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*(?:\.[a-z][a-z0-9_]*)?)\s*(?:\|([^{}]*))?\}\}/g;

const CUSTOM_PREFIX = 'custom.';
/** A placeholder naming a custom field: known to every template (the lead's value, or empty). */
const isCustomPlaceholder = (name: string): boolean =>
  name.startsWith(CUSTOM_PREFIX) && name.length > CUSTOM_PREFIX.length;

/** A custom value as text: lists joined, yes / no, numbers as written. */
const customText = (value: unknown): string => {
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return '';
};

const FIELD_BY_LOWER = new Map<string, MergeField>(
  MERGE_FIELDS.map((field) => [field.toLowerCase(), field]),
);

/** The field a placeholder name means (any case), or undefined for an unknown one. */
export const mergeFieldOf = (name: string): MergeField | undefined =>
  FIELD_BY_LOWER.get(name.toLowerCase());

/**
 * Replaces every known merge field with its value; a blank value gives the fallback
 * (`{{firstName|there}}`), else the field's default ('there' for firstName, '' for the others).
 * `escape` is applied to values (HTML bodies escape them, so a value never adds markup); the
 * fallback is the author's own text and is kept as written. Unknown placeholders are left as
 * they are (validation refuses them where templates are saved).
 */
export const fillMergeFields = (
  text: string,
  values: MergeValues,
  escape: (value: string) => string = (value) => value,
): string =>
  text.replace(PLACEHOLDER, (whole, name: string, fallback: string | undefined) => {
    if (isCustomPlaceholder(name)) {
      const value = customText(values.custom?.[name.slice(CUSTOM_PREFIX.length)]).trim();
      if (value) return escape(value);
      return fallback !== undefined ? fallback.trim() : '';
    }
    const field = mergeFieldOf(name);
    if (!field) return whole;
    const value = values[field]?.trim();
    if (value) return escape(value);
    return fallback !== undefined ? fallback.trim() : (DEFAULT_FALLBACKS[field] ?? '');
  });

/**
 * The placeholders of a text that name no merge field, each once, as written (`{{fristName}}`).
 * `{{unsubscribeUrl}}` and the like are not for authors either.
 */
export const unknownMergeFields = (text: string): string[] => {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (!mergeFieldOf(match[1]!) && !isCustomPlaceholder(match[1]!))
      unknown.add(`{{${match[1]!}}}`);
  }
  return [...unknown];
};

/** The refusal of an unknown field: 'Unknown merge field {{fristName}}'. */
export const unknownMergeFieldMessage = (placeholder: string): string =>
  `Unknown merge field ${placeholder}`;

/** A text schema refined to refuse the first unknown merge field, naming it. */
export const withKnownMergeFields = <T extends z.ZodType<string>>(schema: T) =>
  schema.superRefine((value, context) => {
    const [first] = unknownMergeFields(value);
    if (first) context.addIssue({ code: 'custom', message: unknownMergeFieldMessage(first) });
  });

/** What the merge fields read from a lead (the server's rows and the API's leads alike). */
export type MergeLead = {
  personFirstName?: string | null;
  personLastName?: string | null;
  companyName?: string | null;
  personDesignation?: string | null;
  personCity?: string | null;
  personCountry?: string | null;
  /** The lead's custom values (`{{custom.<key>}}`). */
  custom?: Readonly<Record<string, unknown>> | null;
};

/** The merge values of a lead emailed by `senderName`. */
export const mergeValuesOf = (lead: MergeLead, senderName?: string | null): MergeValues => ({
  firstName: lead.personFirstName,
  lastName: lead.personLastName,
  companyName: lead.companyName,
  jobTitle: lead.personDesignation,
  city: lead.personCity,
  country: lead.personCountry,
  senderName,
  custom: lead.custom,
});
