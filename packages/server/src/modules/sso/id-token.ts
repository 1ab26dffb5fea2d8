import { errors, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';
import { signingKeys } from './provider.ts';
import type { Discovery } from './provider.ts';

/** Clocks may differ this much between Leadline and the provider (seconds). */
const CLOCK_TOLERANCE_S = 60;

/** An ID token that does not pass: signature, issuer, audience, times or nonce. */
export class IdTokenRefused extends Error {}

export type IdClaims = JWTPayload & {
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  nonce?: unknown;
  azp?: unknown;
};

/**
 * Verifies an ID token (OpenID Connect Core 3.1.3.7) against the issuer's keys: the signature
 * (asymmetric algorithms only), `iss` the configured issuer, `aud` containing the client (and
 * `azp` the client when there are several audiences), `exp` and `iat` present and in time
 * (CLOCK_TOLERANCE_S), `nonce` the one sent. Answers the claims.
 */
export const verifyIdToken = async (
  idToken: string,
  provider: Discovery,
  expected: { clientId: string; nonce: string },
): Promise<IdClaims> => {
  const options = {
    issuer: provider.issuer,
    audience: expected.clientId,
    clockTolerance: CLOCK_TOLERANCE_S,
    requiredClaims: ['exp', 'iat', 'sub', 'nonce'],
    algorithms: [
      'RS256',
      'RS384',
      'RS512',
      'PS256',
      'PS384',
      'PS512',
      'ES256',
      'ES384',
      'ES512',
      'EdDSA',
    ],
  };
  let payload: IdClaims;
  try {
    try {
      ({ payload } = await jwtVerify(idToken, await signingKeys(provider.jwksUri), options));
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      ({ payload } = await jwtVerify(idToken, await signingKeys(provider.jwksUri, true), options));
    }
  } catch (error) {
    throw new IdTokenRefused(
      error instanceof errors.JOSEError ? `${error.code}: ${error.message}` : 'unreadable',
    );
  }
  if (payload.nonce !== expected.nonce) throw new IdTokenRefused('nonce mismatch');
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (audiences.length > 1 && payload.azp !== expected.clientId)
    throw new IdTokenRefused('azp is not this client');
  return payload;
};
