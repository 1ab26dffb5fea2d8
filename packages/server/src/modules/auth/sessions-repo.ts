import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { userSessions } from '../../db/tables.ts';

/** Opens a session for the user (and forgets their sessions that expired); answers its id. */
export const openSession = async (
  db: Db,
  userId: string,
  lifetimeSeconds: number,
): Promise<string> => {
  await db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, userId), lt(userSessions.expiresAt, sql`now()`)));
  const [row] = await db
    .insert(userSessions)
    .values({ userId, expiresAt: new Date(Date.now() + lifetimeSeconds * 1000) })
    .returning({ id: userSessions.id });
  return row!.id;
};

export const endSession = async (db: Db, userId: string, sessionId: string): Promise<void> => {
  await db
    .delete(userSessions)
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId)));
};

/** Ends every session of the user, or every one but `exceptId`. */
export const endUserSessions = async (db: Db, userId: string, exceptId?: string): Promise<void> => {
  await db
    .delete(userSessions)
    .where(
      and(eq(userSessions.userId, userId), exceptId ? ne(userSessions.id, exceptId) : undefined),
    );
};
