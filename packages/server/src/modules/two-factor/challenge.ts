import type { TwoFactorChallenge } from '@leadline/shared/two-factor';
import type { Db } from '../../db/connection.ts';
import { newChallengeToken } from './codes.ts';
import { insertChallenge } from './repo.ts';

/** How long a sign-in waits for its code. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/**
 * The answer to a right password when two-step sign-in is on: a short-lived, single-use
 * challenge bound to the user (only its hash is kept), and no session yet.
 */
export const openChallenge = async (db: Db, userId: string): Promise<TwoFactorChallenge> => {
  const { token, hash } = newChallengeToken();
  await insertChallenge(db, {
    userId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
  });
  return { twoFactorRequired: true, challenge: token };
};
