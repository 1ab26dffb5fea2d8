import { createLocalJWKSet } from 'jose';
import type { JSONWebKeySet } from 'jose';
import { OAuthHttpError, oauthFetch, urlField } from '../mail-oauth/http.ts';

/*
 * What Leadline reads of an OpenID Connect provider: its discovery document and its signing
 * keys, each through the outbound guard (private addresses only with MAIL_ALLOW_PRIVATE_HOSTS=1)
 * under one deadline, and kept a few minutes.
 */

/** How long one exchange with a provider may take in all. */
export const SSO_HTTP_DEADLINE_MS = 10_000;
/** How long a discovery document or key set is reused. */
const CACHE_LIFE_MS = 5 * 60_000;
/** A key set is read again for an unknown key, but not more often than this. */
const KEYS_REFRESH_MS = 30_000;

/** The provider could not be read, or its answer is not what OpenID Connect says. */
export class ProviderError extends Error {}

export type Discovery = {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  /** client_secret_basic unless the provider supports client_secret_post only. */
  tokenAuth: 'basic' | 'post';
};

const discoveries = new Map<string, { value: Discovery; until: number }>();
const keySets = new Map<
  string,
  { keys: ReturnType<typeof createLocalJWKSet>; until: number; at: number }
>();

const fetchJson = async (url: string, what: string) => {
  const answer = await oauthFetch(url, { deadlineMs: SSO_HTTP_DEADLINE_MS }).catch(
    (error: unknown) => {
      throw new ProviderError(
        `The ${what} could not be read: ${error instanceof OAuthHttpError ? error.message : 'no answer'}`,
      );
    },
  );
  if (answer.status !== 200)
    throw new ProviderError(`The ${what} could not be read (HTTP ${answer.status})`);
  return answer.body;
};

const tokenAuthOf = (methods: unknown): 'basic' | 'post' =>
  Array.isArray(methods) &&
  !methods.includes('client_secret_basic') &&
  methods.includes('client_secret_post')
    ? 'post'
    : 'basic';

/**
 * The issuer's discovery document (`/.well-known/openid-configuration`); its `issuer` must be
 * the configured one exactly. `fresh` reads it again (on save).
 */
export const discover = async (issuer: string, fresh = false): Promise<Discovery> => {
  const cached = discoveries.get(issuer);
  if (!fresh && cached && cached.until > Date.now()) return cached.value;
  const body = await fetchJson(
    `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
    'issuer’s discovery document',
  );
  if (body.issuer !== issuer)
    throw new ProviderError(
      `The discovery document names the issuer ${typeof body.issuer === 'string' ? body.issuer.slice(0, 200) : '(none)'}, not ${issuer}`,
    );
  const authorizationEndpoint = urlField(body, 'authorization_endpoint');
  const tokenEndpoint = urlField(body, 'token_endpoint');
  const jwksUri = urlField(body, 'jwks_uri');
  if (!authorizationEndpoint || !tokenEndpoint || !jwksUri)
    throw new ProviderError(
      'The discovery document lacks an authorization endpoint, a token endpoint or jwks_uri',
    );
  const value: Discovery = {
    issuer,
    authorizationEndpoint,
    tokenEndpoint,
    jwksUri,
    tokenAuth: tokenAuthOf(body.token_endpoint_auth_methods_supported),
  };
  discoveries.set(issuer, { value, until: Date.now() + CACHE_LIFE_MS });
  return value;
};

/**
 * The provider's signing keys as a local key set (jose); `again` reads them anew when the set
 * is older than a few seconds (a key the provider has just rotated in).
 */
export const signingKeys = async (
  jwksUri: string,
  again = false,
): Promise<ReturnType<typeof createLocalJWKSet>> => {
  const cached = keySets.get(jwksUri);
  const now = Date.now();
  if (cached && cached.until > now && !(again && now - cached.at > KEYS_REFRESH_MS))
    return cached.keys;
  const body = await fetchJson(jwksUri, 'issuer’s signing keys');
  if (!Array.isArray(body.keys)) throw new ProviderError('The issuer’s key set has no keys');
  const keys = createLocalJWKSet(body as unknown as JSONWebKeySet);
  keySets.set(jwksUri, { keys, until: now + CACHE_LIFE_MS, at: now });
  return keys;
};

/** Forgets what was read of an issuer (its configuration changed or went). */
export const forgetProvider = (issuer: string): void => {
  const cached = discoveries.get(issuer);
  if (cached) keySets.delete(cached.value.jwksUri);
  discoveries.delete(issuer);
};
