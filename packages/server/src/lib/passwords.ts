import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { createWorkQueue } from './work-queue.ts';

// argon2id (the library's default algorithm) with OWASP's minimum cost.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const PASSWORDS_BUSY =
  'The server is busy signing other people in. Please try again in a few seconds.';

/**
 * Every hash and check waits its turn here: at most one per core but one at once (at least
 * one, at most four), so that a burst of sign-ins neither takes every thread of Node's pool
 * (which also reads the files served) nor every core (one stays for the server's own thread and
 * the database), and a check that would wait longer than 2.5 s is answered 503 with Retry-After.
 */
export const passwordQueue = createWorkQueue({
  concurrency: Math.max(1, Math.min(4, availableParallelism() - 1)),
  maxWaitMs: 2500,
  initialTaskMs: 50,
  busyMessage: PASSWORDS_BUSY,
});

export const hashPassword = (password: string): Promise<string> =>
  passwordQueue.run(() => hash(password, options));

export const verifyPassword = (hashed: string, password: string): Promise<boolean> =>
  passwordQueue.run(async () => {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  });

/** A hash to verify against when no user matches, so timing does not reveal which emails exist. */
let dummy: Promise<string> | undefined;
export const dummyHash = (): Promise<string> => {
  dummy ??= hashPassword('not-a-real-password');
  // A refused first try (busy) is not kept: the next sign-in makes it again.
  dummy.catch(() => (dummy = undefined));
  return dummy;
};
