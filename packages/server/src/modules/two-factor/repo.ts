import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { twoFactorChallenges, twoFactorSecrets, users } from '../../db/tables.ts';

export type TwoFactorRow = typeof twoFactorSecrets.$inferSelect;

export const findTwoFactor = async (db: Db, userId: string): Promise<TwoFactorRow | undefined> => {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  return row;
};

/** Keeps the secret being set up (encrypted), whatever was pending before. */
export const savePendingSecret = async (db: Db, userId: string, sealed: string): Promise<void> => {
  await db
    .insert(twoFactorSecrets)
    .values({ userId, pendingEncrypted: sealed })
    .onConflictDoUpdate({ target: twoFactorSecrets.userId, set: { pendingEncrypted: sealed } });
};

/** Turns two-step sign-in on with the pending secret, its first step used and new recovery codes. */
export const enableTwoFactor = async (
  db: Db,
  userId: string,
  sealed: string,
  step: number,
  recoveryHashes: string[],
): Promise<void> => {
  await db
    .update(twoFactorSecrets)
    .set({
      secretEncrypted: sealed,
      pendingEncrypted: null,
      lastUsedStep: step,
      recoveryHashes,
      enabledAt: new Date(),
    })
    .where(eq(twoFactorSecrets.userId, userId));
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
};

/** Turns it off: the secret, recovery codes and waiting challenges are forgotten. */
export const disableTwoFactor = async (db: Db, userId: string): Promise<void> => {
  await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  await db.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
};

/**
 * Records `step` as used, only when it is later than the last one used (one UPDATE, so two
 * requests with the same code cannot both pass); false when it was already used.
 */
export const useStep = async (db: Db, userId: string, step: number): Promise<boolean> => {
  const rows = await db
    .update(twoFactorSecrets)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactorSecrets.userId });
  return rows.length > 0;
};

/** Uses up one recovery code (by its hash) in one UPDATE; false when it is not (or no longer) there. */
export const useRecoveryHash = async (db: Db, userId: string, hash: string): Promise<boolean> => {
  const rows = await db
    .update(twoFactorSecrets)
    .set({ recoveryHashes: sql`${twoFactorSecrets.recoveryHashes} - ${hash}::text` })
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        sql`${twoFactorSecrets.recoveryHashes} ? ${hash}::text`,
      ),
    )
    .returning({ userId: twoFactorSecrets.userId });
  return rows.length > 0;
};

export const replaceRecoveryHashes = async (
  db: Db,
  userId: string,
  recoveryHashes: string[],
): Promise<void> => {
  await db
    .update(twoFactorSecrets)
    .set({ recoveryHashes })
    .where(eq(twoFactorSecrets.userId, userId));
};

export const insertChallenge = async (
  db: Db,
  challenge: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> => {
  await db.insert(twoFactorChallenges).values(challenge);
};

/** A live challenge, with its user's stored second step (one query: sign-in waits on it). */
export const findChallenge = async (
  db: Db,
  tokenHash: string,
): Promise<{ id: string; userId: string; stored: TwoFactorRow | null } | undefined> => {
  const [row] = await db
    .select({
      id: twoFactorChallenges.id,
      userId: twoFactorChallenges.userId,
      stored: twoFactorSecrets,
    })
    .from(twoFactorChallenges)
    .leftJoin(twoFactorSecrets, eq(twoFactorSecrets.userId, twoFactorChallenges.userId))
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, tokenHash),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, sql`now()`),
      ),
    );
  return row;
};

/**
 * Uses a challenge up (once: false when another request used it first), forgetting the user's
 * expired ones with it.
 */
export const useChallenge = async (db: Db, id: string, userId: string): Promise<boolean> => {
  const rows = await db
    .delete(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.userId, userId),
        or(eq(twoFactorChallenges.id, id), lt(twoFactorChallenges.expiresAt, sql`now()`)),
      ),
    )
    .returning({ id: twoFactorChallenges.id });
  return rows.some((row) => row.id === id);
};
