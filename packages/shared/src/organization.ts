import { z } from 'zod';
import { answerSchema, text } from './answers.ts';
import { isUuid } from './ids.ts';

/** Organisation names are trimmed, lower-cased and their spaces turned into hyphens. */
export const normaliseOrganization = (name: string): string =>
  name.trim().toLowerCase().replace(/\s+/g, '-');

/** Upper-case initials of the words of a name ("Ada lovelace" -> "AL"). */
export const initials = (name: string, max = 2): string =>
  name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .slice(0, max)
    .join('');

/** The request header naming the organisation a Super Admin works in. */
export const ORGANIZATION_HEADER = 'X-Organization';

/**
 * The header's value as sent: percent-encoded, so that a name outside ASCII survives HTTP
 * (a header carries only ASCII reliably).
 */
export const encodeOrganizationHeader = (name: string): string => encodeURIComponent(name);

/** The name a header names: percent-decoded when it decodes cleanly, else as sent; normalised. */
export const decodeOrganizationHeader = (value: string): string => {
  let name = value;
  try {
    name = decodeURIComponent(value);
  } catch {
    // Not percent-encoding (a lone '%'): the name as sent.
  }
  return normaliseOrganization(name);
};

/** One organisation as GET /api/organizations lists it. */
export type OrganizationSummary = { _id: string; name: string; users: number };

/**
 * GET /api/organizations/getting-started: the first steps of the organisation the caller works
 * in (null when a Super Admin works in none), each true once done.
 */
export type GettingStarted = {
  organization: string | null;
  /** The caller's own mailbox (SMTP) is connected. */
  mailbox: boolean;
  /** The organisation has leads (imported or created). */
  leads: boolean;
  /** Someone besides the caller belongs to it (invited or approved). */
  teammate: boolean;
};

/** ISO 4217 codes an organisation may keep its deal values in, as the settings panel offers them. */
export const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CNY',
  'INR',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'BRL',
  'MXN',
  'ZAR',
  'SGD',
  'HKD',
  'KRW',
  'AED',
  'SAR',
  'TRY',
  'ILS',
  'PKR',
  'BDT',
  'NGN',
  'KES',
] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';
export const CURRENCY_INVALID = 'Please choose a currency from the list';

export const isCurrency = (value: unknown): value is Currency =>
  typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);

/** GET|PUT /api/organizations/settings: what an organisation's Admin sets for everyone in it. */
export const organizationSettingsSchema = z
  .object({
    currency: z.string({ error: CURRENCY_INVALID }).refine(isCurrency, CURRENCY_INVALID).optional(),
    /** Open and click tracking of the organisation's emails (off by default). */
    tracking: z.boolean({ error: 'tracking must be true or false' }).optional(),
    /** Members must use two-step sign-in (those without it are led to set it up). */
    requireTwoFactor: z.boolean({ error: 'requireTwoFactor must be true or false' }).optional(),
  })
  .refine(
    (body) =>
      body.currency !== undefined ||
      body.tracking !== undefined ||
      body.requireTwoFactor !== undefined,
    'Nothing to change',
  );
export type OrganizationSettingsInput = z.input<typeof organizationSettingsSchema>;
export type OrganizationSettings = {
  organization: string;
  currency: string;
  tracking: boolean;
  requireTwoFactor: boolean;
};
export const organizationSettingsAnswerSchema = answerSchema<OrganizationSettings>()({
  organization: text,
  currency: text,
  tracking: z.boolean(),
  requireTwoFactor: z.boolean(),
});

/** A deal value in the organisation's currency: the one money format (money.ts). */
export { formatMoney } from './money.ts';

export const SUCCESSOR_INVALID =
  'Please choose who takes over the leads: an active user of the organisation';

/** DELETE /api/users/:id?successorId=: who takes over the deleted user's leads (default: the first Admin). */
export const userDeletionQuerySchema = z.object({
  successorId: z.string({ error: SUCCESSOR_INVALID }).refine(isUuid, SUCCESSOR_INVALID).optional(),
});
