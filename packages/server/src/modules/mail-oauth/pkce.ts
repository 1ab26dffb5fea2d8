import { createHash, randomBytes } from 'node:crypto';
import type { SecretBox } from '../../mail/crypto.ts';

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** A random state (32 bytes) or a PKCE verifier (48 bytes: 64 characters, RFC 7636). */
export const randomToken = (bytes: number): string => base64url(randomBytes(bytes));

/** S256: the verifier's SHA-256, base64url. */
export const challengeOf = (verifier: string): string =>
  base64url(createHash('sha256').update(verifier).digest());

/**
 * What the database keeps of a state: the SHA-256 of the state and the browser's cookie
 * together, so the callback works only in the browser that started the sign-in.
 */
export const stateHashOf = (state: string, browser: string): string =>
  createHash('sha256').update(`${state}.${browser}`).digest('hex');

/** The client's own parameters of an authorization request. */
export type CodeRequest = { client_id: string; redirect_uri: string; scope: string };

/**
 * A new authorization request (code flow, PKCE S256): the browser nonce its cookie carries,
 * what the database keeps of it for `lifeMs` (the state hashed with the browser nonce, the
 * verifier sealed), and the provider's authorization URL with the client's parameters and
 * `extra` ones.
 */
export const newAuthorization = (box: SecretBox, lifeMs: number) => {
  const state = randomToken(32);
  const browser = randomToken(32);
  const verifier = randomToken(48);
  return {
    browser,
    stored: {
      stateHash: stateHashOf(state, browser),
      verifierEncrypted: box.encrypt(verifier),
      expiresAt: new Date(Date.now() + lifeMs),
    },
    url: (endpoint: string, client: CodeRequest, extra: Record<string, string> = {}): string => {
      const url = new URL(endpoint);
      const params = {
        response_type: 'code',
        ...client,
        state,
        code_challenge: challengeOf(verifier),
        code_challenge_method: 'S256',
        ...extra,
      };
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      return url.href;
    },
  };
};

/** The cookie the start sets and the callback reads (only on the callback's path). */
export const BROWSER_COOKIE = 'leadline_mail_oauth';

/** A cookie's value from a Cookie header; split by hand (no pattern over a stranger's text). */
export const cookieOf = (header: string | undefined, name: string): string | undefined => {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
};

/** The claims of a JWT (an id token straight from the token endpoint), unverified. */
export const jwtClaims = (token: unknown): Record<string, unknown> => {
  if (typeof token !== 'string') return {};
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
