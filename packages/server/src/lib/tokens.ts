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
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
};
