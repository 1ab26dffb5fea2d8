import { z } from 'zod';
import { answerSchema, isoDateTime, nullableDateTime, text } from './answers.ts';
import { leadAnswerSchema } from './leads.ts';
import type { Lead } from './leads.ts';
import { limitParam, pageParam } from './list-query.ts';
import type { IdIssueParams } from './ids.ts';

/*
 * Companies (/companies): the organisation's leads grouped by company. A company's key is the
 * lead's website host (without scheme and "www.") when it has a website, else "name:" and the
 * company name normalised (lower-cased, runs of anything but letters and digits made one space).
 */

export const NAME_KEY_PREFIX = 'name:';
export const COMPANY_NOT_FOUND = 'Company not found';
export const COMPANIES_PER_PAGE = 25;
export const MAX_COMPANIES_PER_PAGE = 100;
export const COMPANY_SEARCH_MAX = 200;
/** The most owners a company's row names. */
export const MAX_COMPANY_OWNERS = 5;
/** A company view lists at most this many contacts, and this many emails and meetings. */
export const MAX_COMPANY_CONTACTS = 500;
export const MAX_COMPANY_EMAILS = 50;
export const MAX_COMPANY_MEETINGS = 50;
const KEY_MAX = 300;

/** The website domain a key stands for; null for a key made from the company name. */
export const domainOfKey = (key: string): string | null =>
  key.startsWith(NAME_KEY_PREFIX) ? null : key;

/** The path of a company's view (its key can hold dots, spaces and a colon). */
export const companyPath = (key: string): string => `/companies/${encodeURIComponent(key)}`;

/**
 * The web app's address of a company's view: its dots encoded too, so that a reload of
 * `/companies/acme.com` is not taken for a file of another build (the server answers paths
 * ending in `.something` with 404 rather than the app).
 */
export const companyPagePath = (key: string): string => companyPath(key).replace(/\./g, '%2E');

/** GET /api/companies?search&page&limit: search looks in company names and domains. */
export const companyListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(COMPANY_SEARCH_MAX, `search must be at most ${COMPANY_SEARCH_MAX} characters`)
    .default(''),
  page: pageParam,
  limit: limitParam(MAX_COMPANIES_PER_PAGE, COMPANIES_PER_PAGE),
});
export type CompanyListQuery = z.input<typeof companyListQuerySchema>;
export type CompanyListParams = z.output<typeof companyListQuerySchema>;

const unknownKey: IdIssueParams = { idStatus: 404 };

/**
 * GET /api/companies/:key, routed as `/api/companies/*` so that a key longer than the router's
 * 100-character limit on a parameter (a long company name) still opens; a value that cannot be
 * a key (too long, 'name:' alone, a slash) is answered as unknown.
 */
export const companyParamsSchema = z.object({
  '*': z
    .string()
    .refine((key) => key.length <= KEY_MAX && key !== NAME_KEY_PREFIX && !key.includes('/'), {
      message: COMPANY_NOT_FOUND,
      params: unknownKey,
    }),
});

export type CompanyOwner = { id: string; name: string };

export type Company = {
  key: string;
  name: string;
  /** The website domain; null when the company is known by name only. */
  domain: string | null;
  contacts: number;
  /** Up to MAX_COMPANY_OWNERS owners of its contacts, by name. */
  owners: CompanyOwner[];
  /** The last email sent to one of its contacts. */
  lastEmailAt: string | null;
  /** The latest of: a contact created or changed, an email sent or received, a note or call. */
  lastActivityAt: string;
};

export type CompanyListResponse = {
  companies: Company[];
  total: number;
  page: number;
  limit: number;
};

/** An email sent to one of the company's contacts, or a reply received from one. */
export type CompanyEmail = {
  id: string;
  direction: 'sent' | 'received';
  leadId: string;
  /** The contact's address (to whom, or from whom). */
  address: string;
  subject: string;
  snippet: string;
  at: string;
};

export type CompanyMeeting = {
  id: string;
  topic: string;
  startsAt: string;
  endsAt: string;
  /** The contacts' addresses among its attendees. */
  attendees: string[];
};

/** GET /api/companies/:key */
export type CompanyDetail = {
  company: Company;
  contacts: Lead[];
  emails: CompanyEmail[];
  meetings: CompanyMeeting[];
};

const ownerAnswerSchema = answerSchema<CompanyOwner>()({ id: text, name: text });

export const companyAnswerSchema = answerSchema<Company>()({
  key: text,
  name: text,
  domain: text.nullable(),
  contacts: z.number(),
  owners: z.array(ownerAnswerSchema),
  lastEmailAt: nullableDateTime,
  lastActivityAt: isoDateTime,
});

export const companyListAnswerSchema = answerSchema<CompanyListResponse>()({
  companies: z.array(companyAnswerSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});

export const companyDetailAnswerSchema = answerSchema<CompanyDetail>()({
  company: companyAnswerSchema,
  contacts: z.array(leadAnswerSchema),
  emails: z.array(
    answerSchema<CompanyEmail>()({
      id: text,
      direction: z.enum(['sent', 'received']),
      leadId: text,
      address: text,
      subject: text,
      snippet: text,
      at: isoDateTime,
    }),
  ),
  meetings: z.array(
    answerSchema<CompanyMeeting>()({
      id: text,
      topic: text,
      startsAt: isoDateTime,
      endsAt: isoDateTime,
      attendees: z.array(text),
    }),
  ),
});
