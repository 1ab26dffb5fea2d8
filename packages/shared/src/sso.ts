import { z } from 'zod';
import { emailField } from './auth.ts';
import { MEMBER_ROLES } from './roles.ts';

/** Single sign-on with OpenID Connect, per organisation (issue 29). */

/** Where the provider sends the browser back; registered at the provider as `${PUBLIC_URL}` + this. */
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';
/** The web page that finishes a single sign-on with its one-time ticket. */
export const SSO_LANDING_PATH = '/login/sso';
/** Where a failed single sign-on sends the browser: the sign-in page saying why. */
export const ssoErrorLocation = (code: string): string => `/login?sso_error=${code}`;
/** The Admin's settings page. */
export const SSO_SETTINGS_PATH = '/single-sign-on';

export const SSO_NOT_SET_UP = "Single sign-on is not set up for this email's domain.";
export const SSO_ONLY_MESSAGE = 'Your organisation signs in with single sign-on.';
export const SSO_TICKET_INVALID = 'This sign-in has expired. Sign in with SSO again.';

export const SSO_LIMITS = { domains: 20, issuer: 500, clientId: 500, clientSecret: 2000 } as const;

/** Roles single sign-on may give a new user: a member role (never Admin or Super Admin). */
export const SSO_ROLES = MEMBER_ROLES;
export type SsoRole = (typeof SSO_ROLES)[number];

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A host name of two labels or more (example.com), each a letter-digit-hyphen label. */
export const isHostName = (value: string): boolean => {
  if (value.length > 253) return false;
  const labels = value.split('.');
  return (
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    !/^\d+$/.test(labels.at(-1)!)
  );
};

const domainField = z
  .string({ error: 'Each domain must be text' })
  .trim()
  .transform((value) => value.toLowerCase().replace(/^@/, ''))
  .refine(isHostName, { error: (issue) => `${String(issue.input)} is not a valid domain name` });

const domainsField = z
  .array(domainField, { error: 'Domains are required' })
  .min(1, 'Enter at least one email domain')
  .max(SSO_LIMITS.domains, `At most ${SSO_LIMITS.domains} domains`)
  .transform((domains) => [...new Set(domains)]);

/** An http(s) URL; the server refuses http unless private hosts are allowed (tests). */
const issuerField = z
  .string({ error: 'Issuer is required' })
  .trim()
  .min(1, 'Issuer is required')
  .max(SSO_LIMITS.issuer, `Issuer must be at most ${SSO_LIMITS.issuer} characters`)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash;
      } catch {
        return false;
      }
    },
    { error: 'Issuer must be an https address such as https://login.example.com' },
  );

const clientIdField = z
  .string({ error: 'Client ID is required' })
  .trim()
  .min(1, 'Client ID is required')
  .max(SSO_LIMITS.clientId, `Client ID must be at most ${SSO_LIMITS.clientId} characters`);

const clientSecretField = z
  .string({ error: 'Client secret is required' })
  .min(1, 'Client secret is required')
  .max(
    SSO_LIMITS.clientSecret,
    `Client secret must be at most ${SSO_LIMITS.clientSecret} characters`,
  );

const roleField = z.enum(SSO_ROLES, {
  error: `Default role must be one of ${SSO_ROLES.join(', ')}`,
});

/** POST /api/sso */
export const ssoConfigSchema = z.object({
  issuer: issuerField,
  clientId: clientIdField,
  clientSecret: clientSecretField,
  domains: domainsField,
  defaultRole: roleField,
  ssoOnly: z.boolean().optional(),
});
export type SsoConfigInput = z.input<typeof ssoConfigSchema>;

/** PUT /api/sso: any field; the secret stays when left out. */
export const ssoConfigUpdateSchema = ssoConfigSchema.partial();
export type SsoConfigUpdate = z.input<typeof ssoConfigUpdateSchema>;

/** The configuration as answered: never the secret. */
export type SsoConfig = {
  issuer: string;
  clientId: string;
  hasSecret: boolean;
  domains: string[];
  defaultRole: SsoRole;
  ssoOnly: boolean;
  redirectUri: string;
  updatedAt: string;
};

/** GET /api/sso: the configuration (null when none) and the redirect URI to register. */
export type SsoConfigAnswer = { config: SsoConfig | null; redirectUri: string };

export const ssoStartQuerySchema = z.object({ email: emailField });

export const ssoCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  iss: z.string().max(SSO_LIMITS.issuer).optional(),
});

export const ssoFinishSchema = z.object({
  ticket: z.string({ error: 'Ticket is required' }).min(1, 'Ticket is required').max(200),
});

/** Why a single sign-on failed: the short code in /login?sso_error=… and the sentence shown. */
export const SSO_ERRORS = {
  none: SSO_NOT_SET_UP,
  state: 'This sign-in link was already used or has expired. Sign in with SSO again.',
  provider: 'Your identity provider did not sign you in. Try again or ask your administrator.',
  token: 'Your identity provider’s answer could not be verified. Ask your administrator.',
  unreachable: 'Your identity provider could not be reached. Try again in a moment.',
  domain: 'Your email address is not covered by your organisation’s single sign-on.',
  unverified: 'Your identity provider has not verified your email address.',
  organisation: 'This email address belongs to an account that cannot sign in with this SSO.',
  pending: 'Your account is pending approval',
  deactivated: 'Your account has been deactivated. Ask an administrator to reactivate it.',
  expired: 'Your account has expired',
  disabled: 'Your account is disabled',
  failed: 'Single sign-on failed. Try again or ask your administrator.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;

/** The sentence for a code from the URL; a general one for anything else. */
export const ssoErrorSentence = (code: string | null | undefined): string | null => {
  if (!code) return null;
  return Object.hasOwn(SSO_ERRORS, code) ? SSO_ERRORS[code as SsoErrorCode] : SSO_ERRORS.failed;
};
