// The rules an import applies to a spreadsheet's rows, shared so that the mapping step's
// preview shows the same problems the import will report.
import type { z } from 'zod';
import { clientSchema } from './clients.ts';
import type { ClientData } from './clients.ts';
import {
  COMPANY_SIZES,
  DEFAULT_LEAD_STATUS,
  LEAD_FIELDS,
  LEAD_NOTES_MAX,
  LEAD_SOURCES,
  LEAD_STATUSES,
  OWNER_LABEL,
  leadImportSchema,
  requiresProfileLink,
} from './leads.ts';
import type { LeadData, LeadSource } from './leads.ts';
import { readAmount, readDate } from './import-readers.ts';
import { importPhone } from './import-phones.ts';
import type { DateOrder } from './import-readers.ts';
import { customKeyOf, readImportedValues } from './import-custom.ts';
import type { ImportCustomField } from './import-custom.ts';

export type ImportKind = 'leads' | 'clients';

export const CLIENT_IMPORT_FIELDS = {
  companyName: 'Company Name',
  parentCompany: 'Parent Company',
  website: 'Website',
  email: 'Email',
  contact: 'Contact',
  companyCategory: 'Company Category',
  fullAddress: 'Full Address',
} as const;

/**
 * A lead import's fields: the lead's, and its owner named by email (`owner`, an unknown email
 * is a row error).
 */
export const LEAD_IMPORT_FIELDS = { ...LEAD_FIELDS, owner: OWNER_LABEL } as const;

/** The fields a column can fill, with their labels, in form order. */
export const IMPORT_FIELDS: Record<ImportKind, Record<string, string>> = {
  leads: LEAD_IMPORT_FIELDS,
  clients: CLIENT_IMPORT_FIELDS,
};

/** The fields a file must have a column for. */
export const REQUIRED_IMPORT_FIELDS: Record<ImportKind, readonly string[]> = {
  leads: ['companyName', 'personFirstName', 'personLastName', 'personEmail', 'source'],
  clients: ['companyName', 'email', 'contact', 'companyCategory'],
};

/** Text reduced to letters and digits, lower-cased: "Person First-Name " -> "personfirstname". */
export const headerKey = (header: unknown): string =>
  String(header ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Column index -> the field it fills, or null for a column left out. Sent by the mapping step
 * as the `mapping` field of an upload; as long as the file's header row.
 */
export type ColumnMapping = (string | null)[];

/** The label of a mapping entry: a built-in field's, or a custom field's (undefined: unknown). */
export const importFieldLabel = (
  kind: ImportKind,
  field: string,
  customFields: readonly ImportCustomField[] = [],
): string | undefined => {
  const key = customKeyOf(field);
  if (key !== undefined) return customFields.find((custom) => custom.key === key)?.label;
  return Object.hasOwn(IMPORT_FIELDS[kind], field) ? IMPORT_FIELDS[kind][field] : undefined;
};

/**
 * The problems of a mapping: unknown fields (a custom field named `custom.<key>` must be one of
 * `customFields`, the organisation's importable fields), a field chosen twice, required fields
 * missing.
 */
export const mappingProblems = (
  kind: ImportKind,
  mapping: ColumnMapping,
  customFields: readonly ImportCustomField[] = [],
): string[] => {
  const labels = IMPORT_FIELDS[kind];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const field of mapping) {
    if (field === null || field === '') continue;
    const label = importFieldLabel(kind, field, customFields);
    if (label === undefined)
      problems.push(
        customKeyOf(field) !== undefined
          ? `Unknown field "${field.slice(0, 60)}": no such custom field`
          : `"${field}" is not a field that can be imported`,
      );
    else if (seen.has(field)) problems.push(`${label} is chosen for more than one column`);
    seen.add(field);
  }
  const missing = REQUIRED_IMPORT_FIELDS[kind].filter((field) => !seen.has(field));
  if (missing.length > 0)
    problems.push(`Choose a column for: ${missing.map((field) => labels[field]).join(', ')}`);
  return problems;
};

/** A row's cells (as text) as a record of the fields their columns fill. */
export const recordOf = (cells: readonly string[], mapping: ColumnMapping) => {
  const record: Record<string, string> = {};
  mapping.forEach((field, index) => {
    if (field) record[field] = cells[index] ?? '';
  });
  return record;
};

const SOURCE_SYNONYMS: Record<string, LeadSource> = {
  linkedincom: 'LinkedIn',
  li: 'LinkedIn',
  salesnavigator: 'LinkedIn',
  linkedinsalesnavigator: 'LinkedIn',
  twittercom: 'Twitter',
  x: 'Twitter',
  xcom: 'Twitter',
  instagramcom: 'Instagram',
  ig: 'Instagram',
  insta: 'Instagram',
  facebookcom: 'Facebook',
  fb: 'Facebook',
  fbcom: 'Facebook',
  upworkcom: 'Upwork',
  behancenet: 'Behance',
  email: 'Cold Email',
  coldmail: 'Cold Email',
  emailcampaign: 'Cold Email',
  coldoutreach: 'Cold Email',
  outboundemail: 'Cold Email',
  outbound: 'Cold Email',
  referred: 'Referral',
  referal: 'Referral',
  referrals: 'Referral',
  wordofmouth: 'Referral',
  web: 'Website',
  webform: 'Website',
  websiteform: 'Website',
  contactform: 'Website',
  inbound: 'Website',
  organic: 'Website',
  events: 'Event',
  conference: 'Event',
  tradeshow: 'Event',
  webinar: 'Event',
  meetup: 'Event',
};

const SOURCE_LOOKUP = new Map<string, LeadSource>([
  ...LEAD_SOURCES.map((source): [string, LeadSource] => [headerKey(source), source]),
  ...Object.entries(SOURCE_SYNONYMS),
]);

/** A spreadsheet's spelling of a source ("cold email", "linkedin.com", "https://x.com/..."). */
export const sourceOf = (value: string): LeadSource | undefined => {
  const host = value
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/.*$/, '');
  return SOURCE_LOOKUP.get(headerKey(value)) ?? SOURCE_LOOKUP.get(headerKey(host));
};

const choice = <T extends string>(choices: readonly T[]) => {
  const byKey = new Map(choices.map((value) => [headerKey(value), value]));
  return (value: string): T | undefined => byKey.get(headerKey(value));
};
const statusChoice = choice(LEAD_STATUSES);
/** "Hot" for Hot Lead and so on. */
const statusOf = (value: string) => statusChoice(value) ?? statusChoice(`${value} lead`);
const sizeOf = choice(COMPANY_SIZES);

/** The notes with one more line (an original kept); fitted to their length by fitNotes. */
const withNote = (notes: string, note: string) => (notes ? `${notes}\n${note}` : note);

/**
 * Fits the notes to their length: what fits stays (cut at a line break when one is near the
 * end, so an original is not split), the rest is answered, for the lead's history.
 */
const fitNotes = (lead: Record<string, string | undefined>): string => {
  const notes = (lead.subject ?? '').trim();
  if (notes.length <= LEAD_NOTES_MAX) return '';
  const lineBreak = notes.lastIndexOf('\n', LEAD_NOTES_MAX);
  const cut = lineBreak > LEAD_NOTES_MAX / 2 ? lineBreak : LEAD_NOTES_MAX;
  lead.subject = notes.slice(0, cut).trimEnd();
  return notes.slice(cut).trim();
};

export const NOTES_OVERFLOW_WARNING = `The notes and the originals kept are longer than ${LEAD_NOTES_MAX.toLocaleString('en')} characters: what fits is in the notes, the rest in a note on the lead's history`;

/** A lead row's forgiving reading: what is unknown is replaced, each change named once. */
const forgiveLead = (
  record: Record<string, string>,
  warnings: string[],
  dateOrder: DateOrder | undefined,
) => {
  const lead: Record<string, string | undefined> = { ...record };
  const rawSource = (record.source ?? '').trim();
  const source = rawSource ? sourceOf(rawSource) : undefined;
  if (source) lead.source = source;
  else {
    lead.source = 'Other';
    if (rawSource) {
      lead.subject = withNote((record.subject ?? '').trim(), `Source: ${rawSource}`);
      warnings.push(
        `Source "${rawSource}" is not a known source: saved as Other, the original kept in the notes`,
      );
    } else warnings.push('No source: saved as Other');
  }
  const rawStatus = (record.status ?? '').trim();
  lead.status = rawStatus ? statusOf(rawStatus) : undefined;
  if (rawStatus && !lead.status)
    warnings.push(`Status "${rawStatus}" is not a known status: saved as ${DEFAULT_LEAD_STATUS}`);
  const rawSize = (record.size ?? '').trim();
  lead.size = rawSize ? sizeOf(rawSize) : undefined;
  if (rawSize && !lead.size)
    warnings.push(`Company size "${rawSize}" is not a known size: left empty`);
  // A LinkedIn lead's profile link is its LinkedIn URL when the file has no separate column.
  const linkedin = (record.personLinkedin ?? '').trim();
  if (lead.source === 'LinkedIn' && !(record.contactProfileLink ?? '').trim() && linkedin)
    lead.contactProfileLink = linkedin;
  if (requiresProfileLink(lead.source) && !(lead.contactProfileLink ?? '').trim())
    warnings.push(`No contact profile link for a ${lead.source} lead`);
  readLeadValues(record, lead, warnings, dateOrder);
  return lead;
};

/** An optional field left empty because its value could not be read: the original kept in the notes. */
const unreadable = (
  lead: Record<string, string | undefined>,
  field: string,
  raw: string,
  warnings: string[],
) => {
  const label = LEAD_IMPORT_FIELDS[field as keyof typeof LEAD_IMPORT_FIELDS] ?? field;
  lead[field] = '';
  lead.subject = withNote((lead.subject ?? '').trim(), `${label}: ${raw}`);
  warnings.push(`${label} "${raw}" could not be read: left empty, the original kept in the notes`);
};

/**
 * Dates, amounts and phones as spreadsheets write them: a date in any common form as
 * YYYY-MM-DD, an amount with either decimal mark and a currency sign as a number, a phone in
 * E.164 when the row's country (or its + code) places it, else kept as written when the lead
 * form would take it (so that editing the lead later does not refuse what the import stored). What cannot be read is left empty (a warning, the original kept in
 * the notes), never a refusal: these fields are optional.
 */
const readLeadValues = (
  record: Record<string, string>,
  lead: Record<string, string | undefined>,
  warnings: string[],
  dateOrder: DateOrder | undefined,
) => {
  const rawDate = (record.expectedCloseDate ?? '').trim();
  if (rawDate) {
    const date = readDate(rawDate, dateOrder);
    if (date) lead.expectedCloseDate = date;
    else unreadable(lead, 'expectedCloseDate', rawDate, warnings);
  }
  const rawDeal = (record.dealValue ?? '').trim();
  if (rawDeal) {
    const amount = readAmount(rawDeal);
    if (amount !== undefined) lead.dealValue = String(amount);
    else unreadable(lead, 'dealValue', rawDeal, warnings);
  }
  const rawPhone = (record.phone ?? '').trim();
  if (rawPhone) {
    const phone = importPhone(rawPhone, record.personCountry);
    if (phone) lead.phone = phone;
    else unreadable(lead, 'phone', rawPhone, warnings);
  }
};

/** The fields a row cannot go in without: a problem with any other is a warning. */
const ROW_REQUIRED: Record<ImportKind, ReadonlySet<string>> = {
  leads: new Set(REQUIRED_IMPORT_FIELDS.leads),
  clients: new Set(REQUIRED_IMPORT_FIELDS.clients),
};

export type RowCheck<T> =
  | {
      ok: true;
      value: T;
      email: string;
      warnings: string[];
      /** Notes past their length (with the originals kept): for a note on the lead's history. */
      overflow?: string;
    }
  | { ok: false; errors: string[]; warnings: string[] };

/** The first problem of each field, in the order of the fields: each problem said once. */
const fieldErrors = (error: z.ZodError): string[] => {
  const byField = new Map<string, string>();
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (!byField.has(key)) byField.set(key, issue.message);
  }
  return [...new Set(byField.values())];
};

export type ImportRowOptions = {
  /** How numeric dates are written (day or month first), when the user said so. */
  dateOrder?: DateOrder;
  /** The organisation's fields the mapping may name (`custom.<key>`): their cells are read. */
  customFields?: readonly ImportCustomField[];
  /** By key, the order of a custom date column's dates (over `dateOrder`). */
  customDateOrders?: Record<string, DateOrder | undefined>;
};

/**
 * Checks one row with the rules of the forms, forgiving what an import can fill in; the cells
 * of custom fields are read with their types (a value that does not fit refuses the row, the
 * message naming the field and the value) and answered as the value's `custom`.
 */
export const checkImportRow = (
  kind: ImportKind,
  record: Record<string, string>,
  options: ImportRowOptions = {},
): RowCheck<LeadData | ClientData> => {
  const warnings: string[] = [];
  const customFields = options.customFields ?? [];
  const custom = readImportedValues(
    customFields,
    record,
    Object.fromEntries(
      customFields.map((field) => [
        field.key,
        options.customDateOrders?.[field.key] ?? options.dateOrder,
      ]),
    ),
  );
  const input: Record<string, string | undefined> =
    kind === 'leads' ? forgiveLead(record, warnings, options.dateOrder) : { ...record };
  const parse = (value: typeof input) =>
    kind === 'leads' ? leadImportSchema.safeParse(value) : clientSchema.safeParse(value);
  const overflow = kind === 'leads' ? [fitNotes(input)] : [];
  let result = parse(input);
  if (!result.success) {
    // An optional field the rules refuse is left empty and named: only the fields a row cannot
    // go in without refuse it.
    const optional = new Set(
      result.error.issues
        .map((issue) => String(issue.path[0] ?? ''))
        .filter((field) => field && !ROW_REQUIRED[kind].has(field)),
    );
    for (const field of optional) {
      const raw = String(input[field] ?? '').trim();
      if (kind === 'leads') unreadable(input, field, raw, warnings);
      else {
        input[field] = '';
        const label = CLIENT_IMPORT_FIELDS[field as keyof typeof CLIENT_IMPORT_FIELDS] ?? field;
        warnings.push(`${label} "${raw}" could not be read: left empty`);
      }
    }
    if (kind === 'leads') overflow.push(fitNotes(input));
    if (optional.size > 0) result = parse(input);
  }
  if (!result.success || custom.errors.length > 0)
    return {
      ok: false,
      errors: [...(result.success ? [] : fieldErrors(result.error)), ...custom.errors],
      warnings,
    };
  const value = { ...result.data, custom: custom.values } as LeadData | ClientData;
  const email = ('personEmail' in value ? value.personEmail : value.email).toLowerCase();
  const rest = overflow.filter(Boolean).join('\n');
  if (!rest) return { ok: true, value, email, warnings };
  return {
    ok: true,
    value,
    email,
    warnings: [...warnings, NOTES_OVERFLOW_WARNING],
    overflow: rest,
  };
};
