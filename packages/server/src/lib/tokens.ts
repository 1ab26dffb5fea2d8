import { SignJWT, jwtVerify } from 'jose';

export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

export type TokenService = {
  sign: (userId: string) => Promise<string>;
  /** The user id, or null for a missing, forged or expired token. */
  verify: (token: string) => Promise<string | null>;
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
    sign: async (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(await key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
};
