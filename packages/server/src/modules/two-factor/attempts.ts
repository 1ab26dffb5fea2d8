import type { Db } from '../../db/connection.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import { createKeyedLock, createSharedCounter } from '../rate-limits/counter.ts';
import type { RateLimit } from '../rate-limits/counter.ts';

/** Wrong codes per account before the code step refuses for a while. */
export const CODE_LIMIT: RateLimit = { max: 5, timeWindow: 15 * 60_000 };

export const TOO_MANY_CODES = (minutes: number) =>
  `Too many wrong codes. Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`;

/**
 * Counts wrong codes per account in the database (every process counts together): past the
 * limit, every code is refused with 429 until the oldest wrong ones leave the window. The
 * check and the count run one at a time per account in this process.
 */
export const createCodeAttempts = (db: Db, limit: RateLimit, now: () => number) => {
  const counter = createSharedCounter(db, 'two-factor-account', limit, now);
  const lock = createKeyedLock();
  /**
   * Runs `check` (true for a right code) unless the account is over its limit; a wrong code is
   * counted and answered with `wrong()`.
   */
  return <T>(userId: string, check: () => Promise<T | null>, wrong: () => Error): Promise<T> =>
    lock([userId], async () => {
      const wait = await counter.waitFor(userId);
      if (wait > 0) {
        const seconds = Math.max(1, Math.ceil(wait / 1000));
        throw new TooManyRequests(TOO_MANY_CODES(Math.ceil(seconds / 60)), seconds);
      }
      const result = await check();
      if (result === null) {
        await counter.record(userId);
        throw wrong();
      }
      return result;
    });
};

export type CodeAttempts = ReturnType<typeof createCodeAttempts>;
