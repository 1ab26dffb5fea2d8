import { and, eq, gt, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { rateLimitHits } from '../../db/tables.ts';

/** One time slice of a key's window: how many events fell in it, and the latest. */
export type HitSlice = { windowStart: Date; count: number; lastAt: Date };

/**
 * Counts one event of `key` in the slice starting at `windowStart` (one UPSERT) and answers the
 * slice's count after it.
 */
export const addHit = async (
  db: Db,
  hit: { key: string; windowStart: Date; at: Date; expiresAt: Date },
): Promise<number> => {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ ...hit, count: 1, lastAt: hit.at })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: {
        count: sql`${rateLimitHits.count} + 1`,
        lastAt: sql`greatest(${rateLimitHits.lastAt}, excluded.last_at)`,
        expiresAt: sql`greatest(${rateLimitHits.expiresAt}, excluded.expires_at)`,
      },
    })
    .returning({ count: rateLimitHits.count });
  return row!.count;
};

/** Takes one event of the slice back (an attempt that turned out not to count). */
export const removeHit = async (db: Db, key: string, windowStart: Date): Promise<void> => {
  await db
    .update(rateLimitHits)
    .set({ count: sql`${rateLimitHits.count} - 1` })
    .where(
      and(
        eq(rateLimitHits.key, key),
        eq(rateLimitHits.windowStart, windowStart),
        gt(rateLimitHits.count, 0),
      ),
    );
};

/** The slices of `key` that started after `since`. */
export const findHits = (db: Db, key: string, since: Date): Promise<HitSlice[]> =>
  db
    .select({
      windowStart: rateLimitHits.windowStart,
      count: rateLimitHits.count,
      lastAt: rateLimitHits.lastAt,
    })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.windowStart, since)));

/** Forgets every slice of `key` (a right password clears its account's count). */
export const deleteHits = async (db: Db, key: string): Promise<void> => {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
};

/** Forgets the slices of one limit (keys starting `prefix`) that no longer count. */
export const pruneHits = async (db: Db, prefix: string, before: Date): Promise<void> => {
  await db
    .delete(rateLimitHits)
    .where(and(lt(rateLimitHits.expiresAt, before), like(rateLimitHits.key, `${prefix}%`)));
};
