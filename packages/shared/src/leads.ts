import { z } from 'zod';
import { timeZoneField } from './sending-window.ts';
import { dateParam, isCalendarDate, isDayInRange, refuseReversedRange } from './dates.ts';
import { answerSchema, isoDateTime, nullableDateTime, nullableText, text } from './answers.ts';
import { pageParam } from './list-query.ts';
import { isUuid } from './ids.ts';
import { leadStageFields } from './stages.ts';

export const LEAD_STATUSES = ['Hot Lead', 'Warm Lead', 'Cold Lead', 'Qualified'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const DEFAULT_LEAD_STATUS: LeadStatus = 'Cold Lead';

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const;

export const LEAD_SOURCES = [
  'LinkedIn',
  'Twitter',
  'Instagram',
  'Facebook',
  'Upwork',
  'Behance',
  'Cold Email',
  'Referral',
  'Website',
  'Event',
  'Other',
] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** Sources whose contact profile link is shown and required. */
export const SOCIAL_SOURCES: readonly LeadSource[] = [
  'LinkedIn',
  'Twitter',
  'Instagram',
  'Facebook',
  'Upwork',
  'Behance',
];

export const PROFILE_LINK_PLACEHOLDERS: Record<string, string> = {
  LinkedIn: 'https://linkedin.com/in/username',
  Twitter: 'https://twitter.com/username',
  Instagram: 'https://instagram.com/username',
  Facebook: 'https://facebook.com/username',
  Upwork: 'https://upwork.com/freelancers/~id',
  Behance: 'https://behance.net/username',
};
export const GENERIC_PROFILE_LINK_PLACEHOLDER = 'https://example.com/profile';

/** Industries offered on the form; any other text is accepted too. */
export const INDUSTRIES = [
  'Technology',
  'Healthcare',
  'Finance',
  'Manufacturing',
  'Retail',
  'Education',
  'Real Estate',
  'Marketing',
] as const;

export const LEADS_PER_PAGE = [10, 25, 50, 100, 250] as const;
export const DEFAULT_LEADS_PER_PAGE = 10;

/**
 * The lead's editable text fields, in form order, with their labels (the form's, the table's,
 * the spreadsheets' headers). The owner is not among them: it is a user, named by email in
 * spreadsheets (see OWNER_LABEL).
 */
export const LEAD_FIELDS = {
  companyName: 'Company Name',
  industry: 'Industry',
  size: 'Company Size',
  companySite: 'Company Website',
  companyLinkedin: 'Company LinkedIn',
  personFirstName: 'Person First Name',
  personLastName: 'Person Last Name',
  personEmail: 'Person Email',
  personDesignation: 'Job Title',
  personLinkedin: 'Personal LinkedIn',
  personCity: 'City',
  personState: 'State',
  personCountry: 'Country',
  source: 'Source',
  status: 'Status',
  contactProfileLink: 'Contact Profile Link',
  subject: 'Notes',
  phone: 'Phone',
  dealValue: 'Deal Value',
  expectedCloseDate: 'Expected Close Date',
} as const;
export type LeadField = keyof typeof LEAD_FIELDS;

export const LEAD_TEXT_MAX = 200;
export const LEAD_NOTES_MAX = 5000;

// Something@something.something: the domain has a dot with a character either side. Written so
// that no two quantifiers can trade characters (the plain form backtracks on long dotted text).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]*[^\s@]$/;

/** A phone number as people write it: an optional +, then 6 to 20 digits with spaces, dots, dashes or brackets. */
const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
export const PHONE_INVALID = 'Please enter a valid phone number';
export const isValidPhone = (value: string): boolean => {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_PATTERN.test(value) && digits >= 6 && digits <= 20;
};
/** The `tel:` link of a phone number: its + and digits. */
export const telLink = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The largest deal value the column holds (numeric(14, 2)). */
export const DEAL_VALUE_MAX = 999_999_999_999.99;
export const OWNER_INVALID = 'Please choose a valid owner';
export const OWNER_LABEL = 'Owner';

/** The most custom values one record carries (and one body may send). */
export const CUSTOM_FIELDS_MAX = 100;

/**
 * A record's custom values in a body (`custom: { <key>: value }`): checked against the
 * organisation's fields by the server (`@leadline/shared/custom-fields` checkCustomValues).
 */
export const customValuesInput = z
  .record(z.string().max(60, 'A custom field key is at most 60 characters'), z.unknown(), {
    error: 'custom must be an object',
  })
  .refine((values) => Object.keys(values).length <= CUSTOM_FIELDS_MAX, 'Too many custom values');

/** A record's custom values as answered: typed by each field. */
export const customValuesAnswer = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]),
);

/** Blank text (a form's empty input) as `value`. */
const blankAs =
  <T>(value: T) =>
  (input: unknown) =>
    typeof input === 'string' && input.trim() === '' ? value : input;

/** A form's number as text ("1200", "1,200.50"): the number; blank: null; anything else as it is. */
const numericText = (input: unknown) => {
  if (typeof input !== 'string') return input;
  const plain = input.trim().replace(/,/g, '');
  if (plain === '') return null;
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : input;
};

export const isValidUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(LEAD_TEXT_MAX, `${label} must be at most ${LEAD_TEXT_MAX} characters`);

/** Optional text of a form field: trimmed, at most `max` characters, messages naming `label`. */
export const boundedText = (label: string, max = LEAD_TEXT_MAX) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

/** Each field's rule, without defaults: creating adds them, editing must not. */
const leadFields = {
  companyName: required('Company Name'),
  industry: boundedText('Industry'),
  size: z.enum(['', ...COMPANY_SIZES], { error: 'Please choose a company size' }),
  companySite: boundedText('Company Website'),
  companyLinkedin: boundedText('Company LinkedIn'),
  personFirstName: required('Person First Name'),
  personLastName: required('Person Last Name'),
  personEmail: required('Person Email')
    .regex(EMAIL_PATTERN, 'Please enter a valid email address')
    .transform((value) => value.toLowerCase()),
  personDesignation: boundedText('Job Title'),
  personLinkedin: boundedText('Personal LinkedIn'),
  personCity: boundedText('City'),
  personState: boundedText('State'),
  personCountry: boundedText('Country'),
  source: z.enum(LEAD_SOURCES, { error: 'Source is required' }),
  status: z.enum(LEAD_STATUSES, { error: 'Please choose a valid status' }),
  contactProfileLink: boundedText('Contact Profile Link', 2000).refine(
    (value) => value === '' || isValidUrl(value),
    'Please enter a valid URL',
  ),
  subject: boundedText('Notes', LEAD_NOTES_MAX),
  phone: boundedText('Phone', 40).refine(
    (value) => value === '' || isValidPhone(value),
    PHONE_INVALID,
  ),
  /** The user the lead belongs to; on creation the creator when absent. */
  ownerId: z.preprocess(
    // Blank or null (a lead answered without an owner, sent back): not given.
    (input) => (input === null ? undefined : blankAs(undefined)(input)),
    z.string({ error: OWNER_INVALID }).refine(isUuid, OWNER_INVALID).optional(),
  ),
  /** In the organisation's currency; null: none. */
  dealValue: z.preprocess(
    numericText,
    z
      .number({ error: 'Deal value must be a number' })
      .min(0, 'Deal value cannot be negative')
      .max(DEAL_VALUE_MAX, 'Deal value is too large')
      .refine(
        (value) => Math.round(value * 100) === value * 100,
        'Deal value has at most two decimals',
      )
      .nullable(),
  ),
  expectedCloseDate: z.preprocess(
    blankAs(null),
    z
      .string({ error: 'Expected close date must be a date (YYYY-MM-DD)' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected close date must be a date (YYYY-MM-DD)')
      .refine(isCalendarDate, 'Expected close date is not a valid date')
      .refine(isDayInRange, 'Expected close date must be between 1900 and 2200')
      .nullable(),
  ),
  /** The lead's IANA time zone; blank or null: none (its country's one zone, else the campaign's). */
  timeZone: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    timeZoneField.nullable(),
  ),
  /** The organisation's custom fields: `{ <key>: value }`; an edit merges the keys sent. */
  custom: customValuesInput,
};

const leadObject = z.object({
  ...leadFields,
  industry: leadFields.industry.optional().default(''),
  size: leadFields.size.optional().default(''),
  companySite: leadFields.companySite.optional().default(''),
  companyLinkedin: leadFields.companyLinkedin.optional().default(''),
  personDesignation: leadFields.personDesignation.optional().default(''),
  personLinkedin: leadFields.personLinkedin.optional().default(''),
  personCity: leadFields.personCity.optional().default(''),
  personState: leadFields.personState.optional().default(''),
  personCountry: leadFields.personCountry.optional().default(''),
  status: leadFields.status.optional().default(DEFAULT_LEAD_STATUS),
  contactProfileLink: leadFields.contactProfileLink.optional().default(''),
  subject: leadFields.subject.optional().default(''),
  timeZone: leadFields.timeZone.optional().default(null),
  phone: leadFields.phone.optional().default(''),
  ownerId: leadFields.ownerId.optional(),
  dealValue: leadFields.dealValue.optional().default(null),
  expectedCloseDate: leadFields.expectedCloseDate.optional().default(null),
  custom: leadFields.custom.optional(),
});

export const PROFILE_LINK_REQUIRED = 'Contact Profile Link is required';

/** Whether a lead from this source must carry a contact profile link. */
export const requiresProfileLink = (source: string | undefined): boolean =>
  source !== undefined && (SOCIAL_SOURCES as readonly string[]).includes(source);

const profileLinkRule = <T extends { source?: string; contactProfileLink?: string }>(
  lead: T,
  ctx: z.RefinementCtx,
) => {
  if (requiresProfileLink(lead.source) && !lead.contactProfileLink) {
    ctx.addIssue({
      code: 'custom',
      path: ['contactProfileLink'],
      message: PROFILE_LINK_REQUIRED,
    });
  }
};

/**
 * A lead as a spreadsheet import reads it: the rules of the form except the profile link,
 * whose absence an import reports as a warning instead of refusing the row.
 */
export const leadImportSchema = leadObject;

/** Creating a lead (form and API): the rules and their messages. */
export const leadSchema = leadObject.superRefine(profileLinkRule);
export type LeadInput = z.input<typeof leadSchema>;
export type LeadData = z.output<typeof leadSchema>;

/**
 * Editing a lead: any subset of the fields, same rules, no defaults (an absent field keeps its
 * value). The profile link rule is checked here only when the link itself is sent; the
 * server checks it again on the lead as it will be saved.
 */
export const leadUpdateSchema = z
  .object({
    ...leadFields,
    /** Never track opens or clicks of the lead's emails. */
    doNotTrack: z.boolean({ error: 'doNotTrack must be true or false' }),
    /** The deal stage (null: back to its status column) and why a lost deal was lost. */
    ...leadStageFields,
  })
  .partial()
  .superRefine((lead, ctx) => {
    if (lead.contactProfileLink !== undefined) profileLinkRule(lead, ctx);
  })
  .refine((lead) => Object.keys(lead).length > 0, 'Nothing to update');
export type LeadUpdateInput = z.input<typeof leadUpdateSchema>;
export type LeadUpdateData = z.output<typeof leadUpdateSchema>;

export const leadStatusSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: 'Please choose a valid status' }),
});

export const bulkDeleteSchema = z.object({
  leadIds: z
    .array(z.string().max(100), { error: 'No lead IDs provided for bulk deletion' })
    .min(1, 'No lead IDs provided for bulk deletion')
    .max(10_000, 'At most 10,000 leads can be deleted at once'),
});

/**
 * The fields the leads list sorts by: the columns the table offers a sort on, each backed by an
 * index on (organisation, field, id), so that a page of a million leads is read in order instead
 * of sorting the whole table. A field added here needs its index (see the migration
 * `0015_leads_sort_indexes.sql`).
 */
export const LEAD_SORT_FIELDS = [
  'createdAt',
  'companyName',
  'personFirstName',
  'personEmail',
  'industry',
  'size',
  'source',
  'status',
  'personCountry',
] as const;

// The shared date rules, still importable from here.
export { dateParam, isCalendarDate } from './dates.ts';

const filterParam = z.string().trim().max(LEAD_TEXT_MAX).optional();

/** GET /api/leads and GET /api/leads/download: the named parameters. */
const leadListQueryBase = z.object({
  page: pageParam,
  limit: z.coerce
    .number({ error: 'limit must be one of 10, 25, 50, 100, 250' })
    .refine(
      (value) => (LEADS_PER_PAGE as readonly number[]).includes(value),
      'limit must be one of 10, 25, 50, 100, 250',
    )
    .default(DEFAULT_LEADS_PER_PAGE),
  search: filterParam,
  industry: filterParam,
  size: filterParam,
  location: filterParam,
  source: filterParam,
  status: filterParam,
  mailSent: z.enum(['true', 'false']).optional(),
  /** A user's id, or `me`: the leads that user owns. */
  owner: z
    .string()
    .refine((value) => value === 'me' || isUuid(value), 'owner must be a user ID or "me"')
    .optional(),
  from: dateParam('from'),
  to: dateParam('to'),
  sort: z
    .string()
    .max(60)
    .regex(
      new RegExp(`^-?(${LEAD_SORT_FIELDS.join('|')}|custom\\.[a-z][a-z0-9_]{0,49})$`),
      'sort must be a lead field, optionally prefixed with -',
    )
    .default('-createdAt'),
});

/** GET /api/leads and GET /api/leads/download. */
export const leadListQuerySchema = leadListQueryBase
  // `custom.<key>`, `custom.<key>.min`, `custom.<key>.max`: custom field filters, read by the
  // server with customFiltersOf (@leadline/shared/custom-fields).
  .catchall(z.unknown())
  .superRefine(refuseReversedRange);
/** The named parameters; `custom.<key>` ones ride beside them (customFiltersOf). */
export type LeadListQuery = z.input<typeof leadListQueryBase> & {
  [key: `custom.${string}`]: string | undefined;
};
export type LeadListParams = z.output<typeof leadListQueryBase>;
export type LeadSortField = (typeof LEAD_SORT_FIELDS)[number];

/** Who a lead belongs to, as the API names them. */
export type LeadOwner = { id: string; name: string };

/** A lead as the API answers it. */
export type Lead = Omit<LeadData, 'ownerId' | 'custom'> & {
  _id: string;
  /** Values of the organisation's custom fields (not deleted), by key; empty ones left out. */
  custom: Record<string, string | number | boolean | string[]>;
  /** The owner's id; null only when the owner's account was removed without a successor. */
  ownerId: string | null;
  owner: LeadOwner | null;
  /** The client the lead was converted into. */
  clientId: string | null;
  /** When the status last changed. */
  statusChangedAt: string;
  createdAt: string;
  updatedAt: string;
  mailSent: boolean;
  sentCount: number;
  mailSentDate: string | null;
  /** When incoming mail answered an email sent to the lead (reply detection). */
  repliedAt: string | null;
  /** When the lead's address unsubscribed from bulk and campaign emails. */
  unsubscribedAt: string | null;
  /** When an email to the lead bounced for good (a hard bounce, or three soft ones in a row). */
  bouncedAt: string | null;
  /** Why: the mail server's status code and words. */
  bounceReason: string | null;
  /** Never track opens or clicks of the lead's emails. */
  doNotTrack: boolean;
  /** The deal stage (shared stages.ts); null while the lead is in its status column. */
  stageId: string | null;
  stageChangedAt: string | null;
  /** Why the deal was lost (in a lost stage). */
  lostReason: string | null;
};

/**
 * GET /api/leads. Past 10,000 matching leads the total is not counted: `total` is 10,000 and
 * `totalCapped` is true ("10,000+ leads"). `hasMore` says whether a page follows this one,
 * counted or not.
 */
export type LeadListResponse = {
  leads: Lead[];
  total: number;
  totalCapped: boolean;
  hasMore: boolean;
  page: number;
  limit: number;
};

/** A lead's person as screens and activity entries name them: "Ada Lovelace" (blank parts left out). */
export const personName = (lead: { personFirstName: string; personLastName: string }): string =>
  `${lead.personFirstName} ${lead.personLastName}`.trim();

/** Location as the table shows it: the joined non-empty parts, or 'Not specified'. */
export const formatLocation = (
  lead: Pick<Lead, 'personCity' | 'personState' | 'personCountry'>,
): string =>
  [lead.personCity, lead.personState, lead.personCountry]
    .filter((part) => part && part.trim())
    .join(', ') || 'Not specified';

/* Answers (the server's response schemas, and so /api/docs). */

export const leadAnswerSchema = answerSchema<Lead>()({
  _id: text,
  companyName: text,
  industry: text,
  size: text,
  companySite: text,
  companyLinkedin: text,
  personFirstName: text,
  personLastName: text,
  personEmail: text,
  personDesignation: text,
  personLinkedin: text,
  personCity: text,
  personState: text,
  personCountry: text,
  timeZone: nullableText,
  phone: text,
  ownerId: nullableText,
  owner: z.object({ id: text, name: text }).nullable(),
  dealValue: z.number().nullable(),
  expectedCloseDate: nullableText,
  clientId: nullableText,
  statusChangedAt: isoDateTime,
  source: text,
  status: text,
  contactProfileLink: text,
  subject: text,
  mailSent: z.boolean(),
  sentCount: z.number(),
  mailSentDate: nullableDateTime,
  repliedAt: nullableDateTime,
  unsubscribedAt: nullableDateTime,
  bouncedAt: nullableDateTime,
  bounceReason: text.nullable(),
  doNotTrack: z.boolean(),
  stageId: nullableText,
  stageChangedAt: nullableDateTime,
  lostReason: nullableText,
  custom: customValuesAnswer,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const leadListAnswerSchema = answerSchema<LeadListResponse>()({
  leads: z.array(leadAnswerSchema),
  total: z.number(),
  totalCapped: z.boolean(),
  hasMore: z.boolean(),
  page: z.number(),
  limit: z.number(),
});

export const bulkDeleteAnswerSchema = z.object({ message: text, deletedCount: z.number() });

/* Owners and Lead Management. */

/** Without Lead Management a user changes only the leads they own. */
export const OWN_LEADS_ONLY = 'You can change only your own leads';
/** Giving a lead to someone else needs Lead Management. */
export const ASSIGN_NEEDS_PERMISSION = 'Assigning leads needs the Lead Management permission';
export const NO_LEADS_TO_ASSIGN = 'No lead IDs provided for assignment';

/** POST /api/leads/bulk-assign: the leads and the user who takes them over. */
export const bulkAssignSchema = z.object({
  leadIds: z
    .array(z.string().max(100), { error: NO_LEADS_TO_ASSIGN })
    .min(1, NO_LEADS_TO_ASSIGN)
    .max(10_000, 'At most 10,000 leads can be assigned at once'),
  ownerId: z.string({ error: OWNER_INVALID }).refine(isUuid, OWNER_INVALID),
});
export type BulkAssignInput = z.input<typeof bulkAssignSchema>;

export const bulkAssignAnswerSchema = z.object({ message: text, updatedCount: z.number() });
export type BulkAssignAnswer = z.infer<typeof bulkAssignAnswerSchema>;

/** GET /api/leads/owners: a user of the organisation a lead can belong to (pickers, filters). */
export type LeadOwnerOption = { id: string; name: string; email: string; active: boolean };
export const leadOwnersAnswerSchema = z.array(
  answerSchema<LeadOwnerOption>()({ id: text, name: text, email: text, active: z.boolean() }),
);
