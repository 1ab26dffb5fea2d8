import { z } from 'zod';
import { answerSchema, isoDateTime, text as anyText } from './answers.ts';
import { initials } from './organization.ts';
import { limitParam, pageParam } from './list-query.ts';
import { customValuesAnswer, customValuesInput } from './leads.ts';

export const CLIENT_CATEGORIES = [
  'Technology',
  'Cloud Services',
  'Automotive',
  'Entertainment',
  'Music Streaming',
  'Travel & Hospitality',
  'E-commerce',
  'Finance',
  'Healthcare',
  'Education',
  'Manufacturing',
  'Retail',
] as const;

export const CLIENTS_PER_PAGE = 10;
export const CLIENT_TEXT_MAX = 200;
export const CLIENT_ADDRESS_MAX = 1000;

// Something@something.something: the domain has a dot with a character either side. Written so
// that no two quantifiers can trade characters (the plain form backtracks on long dotted text).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]*[^\s@]$/;

const text = (max = CLIENT_TEXT_MAX) =>
  z.string({ error: 'Must be text' }).trim().max(max, `Must be at most ${max} characters`);

/** Each field's rule, without defaults: creating adds them, editing must not. */
const clientFields = {
  companyName: z
    .string({ error: 'Company name is required' })
    .trim()
    .min(1, 'Company name is required')
    .max(CLIENT_TEXT_MAX),
  parentCompany: text(),
  website: text().refine(
    (value) => value === '' || /^https?:\/\//i.test(value),
    'Website must start with http:// or https://',
  ),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is invalid')
    .regex(EMAIL_PATTERN, 'Email is invalid')
    .transform((value) => value.toLowerCase()),
  contact: z
    .string({ error: 'Contact person is required' })
    .trim()
    .min(1, 'Contact person is required')
    .max(CLIENT_TEXT_MAX),
  pic: text(10),
  companyCategory: z
    .string({ error: 'Company category is required' })
    .trim()
    .min(1, 'Company category is required')
    .max(CLIENT_TEXT_MAX),
  fullAddress: text(CLIENT_ADDRESS_MAX),
  /** The organisation's custom fields: `{ <key>: value }`; an edit merges the keys sent. */
  custom: customValuesInput,
};

const clientObject = z.object({
  ...clientFields,
  parentCompany: clientFields.parentCompany.optional().default(''),
  website: clientFields.website.optional().default(''),
  pic: clientFields.pic.optional().default(''),
  fullAddress: clientFields.fullAddress.optional().default(''),
  custom: clientFields.custom.optional(),
});

/** The PIC: upper-case initials of the words of the contact person (all of them). */
export const clientPic = (contact: string): string => initials(contact, 10);

export const clientSchema = clientObject.transform((client) => ({
  ...client,
  pic: clientPic(client.contact),
}));
export type ClientInput = z.input<typeof clientSchema>;
export type ClientData = z.output<typeof clientSchema>;

/** Editing a client: any subset of the fields, no defaults (an absent field keeps its value). */
export const clientUpdateSchema = z
  .object(clientFields)
  .partial()
  .refine((client) => Object.keys(client).length > 0, 'Nothing to update')
  .transform((client) => (client.contact ? { ...client, pic: clientPic(client.contact) } : client));
export type ClientUpdateInput = z.input<typeof clientUpdateSchema>;
export type ClientUpdateData = z.output<typeof clientUpdateSchema>;

const clientListQueryBase = z.object({
  page: pageParam,
  limit: limitParam(250, CLIENTS_PER_PAGE),
  search: z.string().trim().max(CLIENT_TEXT_MAX).optional(),
  category: z.string().trim().max(CLIENT_TEXT_MAX).optional(),
  /** Newest first by default; `custom.<key>` or `-custom.<key>` sorts by a custom field. */
  sort: z
    .string()
    .max(60)
    .regex(
      /^-?custom\.[a-z][a-z0-9_]{0,49}$/,
      'sort must be custom.<key>, optionally prefixed with -',
    )
    .optional(),
});

/** The named parameters, and `custom.<key>` filters beside them (customFiltersOf). */
export const clientListQuerySchema = clientListQueryBase.catchall(z.unknown());

export type ClientListParams = z.output<typeof clientListQueryBase>;

export type Client = Omit<ClientData, 'custom'> & {
  _id: string;
  createdAt: string;
  updatedAt: string;
  /** Values of the organisation's custom fields (not deleted), by key. */
  custom: Record<string, string | number | boolean | string[]>;
};
export type ClientListResponse = {
  clients: Client[];
  total: number;
  page: number;
  limit: number;
  categories: string[];
};

/* Answers (the server's response schemas, and so /api/docs). */

export const clientAnswerSchema = answerSchema<Client>()({
  _id: anyText,
  companyName: anyText,
  parentCompany: anyText,
  website: anyText,
  email: anyText,
  contact: anyText,
  pic: anyText,
  companyCategory: anyText,
  fullAddress: anyText,
  custom: customValuesAnswer,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const clientListAnswerSchema = answerSchema<ClientListResponse>()({
  clients: z.array(clientAnswerSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  categories: z.array(anyText),
});
