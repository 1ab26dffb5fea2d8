import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { userSessions } from '../../db/tables.ts';

/** Where a sign-in came from, kept with its session for the session list. */
export type SessionDevice = { userAgent: string | null; address: string | null };

/** Opens a session for the user (and forgets their sessions that expired); answers its id. */
export const openSession = async (
  db: Db,
  userId: string,
  lifetimeSeconds: number,
  device: SessionDevice = { userAgent: null, address: null },
  viaSso = false,
): Promise<string> => {
  await db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, userId), lt(userSessions.expiresAt, sql`now()`)));
  const [row] = await db
    .insert(userSessions)
    .values({
      userId,
      expiresAt: new Date(Date.now() + lifetimeSeconds * 1000),
      ...device,
      viaSso,
    })
    .returning({ id: userSessions.id });
  return row!.id;
};

/** Ends one session of the user; false when the user has no such session. */
export const endSession = async (db: Db, userId: string, sessionId: string): Promise<boolean> => {
  const ended = await db
    .delete(userSessions)
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId)))
    .returning({ id: userSessions.id });
  return ended.length > 0;
};

/** Ends every session of the user, or every one but `exceptId`. */
export const endUserSessions = async (db: Db, userId: string, exceptId?: string): Promise<void> => {
  await db
    .delete(userSessions)
    .where(
      and(eq(userSessions.userId, userId), exceptId ? ne(userSessions.id, exceptId) : undefined),
    );
};

/** The user's sessions that have not expired, newest first. */
export const findUserSessions = (db: Db, userId: string) =>
  db
    .select({
      id: userSessions.id,
      createdAt: userSessions.createdAt,
      expiresAt: userSessions.expiresAt,
      userAgent: userSessions.userAgent,
      address: userSessions.address,
    })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), gt(userSessions.expiresAt, sql`now()`)))
    .orderBy(desc(userSessions.createdAt), desc(userSessions.id));
