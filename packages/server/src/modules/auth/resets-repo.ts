import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { passwordResets } from '../../db/tables.ts';

/**
 * Stores a new link (its hash), and forgets the user's links older than a day: the count per
 * hour needs no more, and a used or expired link's hash is of no use to keep.
 */
export const insertPasswordReset = async (
  db: Db,
  reset: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> => {
  await db
    .delete(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, reset.userId),
        lt(passwordResets.createdAt, sql`now() - interval '1 day'`),
      ),
    );
  await db.insert(passwordResets).values(reset);
};

/** Reset links asked for the user since `since` (used or not). */
export const countResetsSince = async (db: Db, userId: string, since: Date): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
  return row!.n;
};

/**
 * Uses the link whose token has this hash, when it is unused and unexpired: answers its user,
 * or undefined. One UPDATE, so two requests with the same link cannot both use it.
 */
export const claimPasswordReset = async (
  db: Db,
  tokenHash: string,
): Promise<string | undefined> => {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
};

/** Every unused link of the user stops working (their password just changed). */
export const voidPasswordResets = async (db: Db, userId: string): Promise<void> => {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
};

/**
 * The user of the unused, unexpired link whose token has this hash, without using it: read
 * before the new password is hashed, so that a bogus or spent link costs no hashing.
 */
export const findUsablePasswordReset = async (
  db: Db,
  tokenHash: string,
): Promise<string | undefined> => {
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row?.userId;
};
