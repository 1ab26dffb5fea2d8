import { SignJWT, jwtVerify } from 'jose';

export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

/** Who a token speaks for: the user and the server-side session it belongs to. */
export type TokenClaims = { userId: string; sessionId: string };

export type TokenService = {
  lifetimeSeconds: number;
  sign: (claims: TokenClaims) => Promise<string>;
  /** The claims, or null for a missing, forged, expired or session-less token. */
  verify: (token: string) => Promise<TokenClaims | null>;
};

export const createTokenService = (
  secret: string,
  lifetimeSeconds = TOKEN_LIFETIME_SECONDS,
): TokenService => {
  // Imported once: given raw bytes, jose would import the key again on every sign and verify.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    lifetimeSeconds,
    sign: async ({ userId, sessionId }) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(await key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
};
