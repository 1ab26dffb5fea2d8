import type { MailOAuthProvider } from '@leadline/shared/mail-oauth';
import { OAuthHttpError, oauthFetch, urlField } from './http.ts';

/** A mail server an OAuth mailbox logs in to. `secure`: implicit TLS, else STARTTLS. */
export type OAuthServer = { host: string; port: number; secure: boolean };

/** A provider the operator configured (from the environment). */
export type ProviderConfig = {
  provider: MailOAuthProvider;
  /** The button's label: "Connect <name>". */
  name: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  smtp: OAuthServer;
  imap: OAuthServer;
  /** Fixed endpoints (Google, Microsoft); the custom provider's come from its issuer. */
  endpoints?: Endpoints;
  issuer?: string;
};

export type Endpoints = { authorization: string; token: string; userinfo: string | null };

const GOOGLE_SCOPES = 'https://mail.google.com/ openid email';
const MICROSOFT_SCOPES =
  'https://outlook.office.com/SMTP.Send https://outlook.office.com/IMAP.AccessAsUser.All offline_access openid email';

/** `host:port` (MAIL_OAUTH_SMTP / _IMAP): TLS on 465 and 993, STARTTLS elsewhere. */
export const serverOf = (value: string | undefined, fallbackPort: number): OAuthServer | null => {
  const text = value?.trim();
  if (!text) return null;
  const colon = text.lastIndexOf(':');
  const host = colon > 0 ? text.slice(0, colon) : text;
  const port = colon > 0 ? Number(text.slice(colon + 1)) : fallbackPort;
  if (!host || !Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { host: host.replace(/^\[|\]$/g, ''), port, secure: port === 465 || port === 993 };
};

/**
 * The providers configured in `env` (read at each use, like MAIL_ALLOW_PRIVATE_HOSTS): Google
 * with GOOGLE_OAUTH_CLIENT_ID/_SECRET, Microsoft 365 with MICROSOFT_OAUTH_CLIENT_ID/_SECRET
 * (MICROSOFT_OAUTH_TENANT, 'common' by default), and the custom OpenID Connect issuer with
 * MAIL_OAUTH_ISSUER, _CLIENT_ID, _SMTP (its secret, scopes, name and IMAP optional).
 */
export const configuredProviders = (env: NodeJS.ProcessEnv = process.env): ProviderConfig[] => {
  const providers: ProviderConfig[] = [];
  if (env.GOOGLE_OAUTH_CLIENT_ID && env.GOOGLE_OAUTH_CLIENT_SECRET)
    providers.push({
      provider: 'google',
      name: 'Google',
      clientId: env.GOOGLE_OAUTH_CLIENT_ID,
      clientSecret: env.GOOGLE_OAUTH_CLIENT_SECRET,
      scopes: GOOGLE_SCOPES,
      smtp: { host: 'smtp.gmail.com', port: 465, secure: true },
      imap: { host: 'imap.gmail.com', port: 993, secure: true },
      endpoints: {
        authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
        token: 'https://oauth2.googleapis.com/token',
        userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
      },
    });
  if (env.MICROSOFT_OAUTH_CLIENT_ID && env.MICROSOFT_OAUTH_CLIENT_SECRET) {
    const tenant = encodeURIComponent(env.MICROSOFT_OAUTH_TENANT?.trim() || 'common');
    const base = `https://login.microsoftonline.com/${tenant}/oauth2/v2.0`;
    providers.push({
      provider: 'microsoft',
      name: 'Microsoft 365',
      clientId: env.MICROSOFT_OAUTH_CLIENT_ID,
      clientSecret: env.MICROSOFT_OAUTH_CLIENT_SECRET,
      scopes: MICROSOFT_SCOPES,
      smtp: { host: 'smtp.office365.com', port: 587, secure: false },
      imap: { host: 'outlook.office365.com', port: 993, secure: true },
      // The address comes from the id token (Microsoft's userinfo is Graph's, another audience).
      endpoints: { authorization: `${base}/authorize`, token: `${base}/token`, userinfo: null },
    });
  }
  const smtp = serverOf(env.MAIL_OAUTH_SMTP, 587);
  if (env.MAIL_OAUTH_ISSUER && env.MAIL_OAUTH_CLIENT_ID && smtp)
    providers.push({
      provider: 'custom',
      name: env.MAIL_OAUTH_NAME?.trim() || 'your mail server',
      clientId: env.MAIL_OAUTH_CLIENT_ID,
      clientSecret: env.MAIL_OAUTH_CLIENT_SECRET ?? '',
      scopes: env.MAIL_OAUTH_SCOPES?.trim() || 'openid email offline_access',
      smtp,
      imap: serverOf(env.MAIL_OAUTH_IMAP, 993) ?? { host: smtp.host, port: 993, secure: true },
      issuer: env.MAIL_OAUTH_ISSUER.replace(/\/+$/, ''),
    });
  return providers;
};

export const providerConfig = (
  provider: MailOAuthProvider,
  env: NodeJS.ProcessEnv = process.env,
): ProviderConfig | undefined => configuredProviders(env).find((p) => p.provider === provider);

const DISCOVERY_LIFE_MS = 60 * 60_000;
const discovered = new Map<string, { endpoints: Endpoints; until: number }>();

/**
 * The provider's endpoints: fixed ones, or the issuer's OpenID discovery document
 * (`/.well-known/openid-configuration`, fetched within the OAuth deadline, kept an hour).
 */
export const endpointsOf = async (config: ProviderConfig): Promise<Endpoints> => {
  if (config.endpoints) return config.endpoints;
  const issuer = config.issuer!;
  const cached = discovered.get(issuer);
  if (cached && cached.until > Date.now()) return cached.endpoints;
  const answer = await oauthFetch(`${issuer}/.well-known/openid-configuration`);
  const authorization = urlField(answer.body, 'authorization_endpoint');
  const token = urlField(answer.body, 'token_endpoint');
  if (answer.status !== 200 || !authorization || !token)
    throw new OAuthHttpError(`${issuer} has no usable OpenID discovery document`);
  const endpoints = { authorization, token, userinfo: urlField(answer.body, 'userinfo_endpoint') };
  discovered.set(issuer, { endpoints, until: Date.now() + DISCOVERY_LIFE_MS });
  return endpoints;
};
