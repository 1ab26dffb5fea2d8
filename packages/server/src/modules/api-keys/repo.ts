import { and, desc, eq, getTableColumns, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { users } from '../../db/schema.ts';
import { apiKeys } from '../../db/tables/integrations.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type OrganizationApiKeyRow = ApiKeyRow & {
  ownerName: string;
  ownerEmail: string;
};

export const insertApiKey = async (
  db: Db,
  key: Pick<ApiKeyRow, 'organizationId' | 'userId' | 'name' | 'prefix' | 'keyHash' | 'expiresAt'>,
): Promise<ApiKeyRow> => {
  const [row] = await db.insert(apiKeys).values(key).returning();
  return row!;
};

/** The key with this SHA-256 (hex), if any: one lookup by the unique index. */
export const findApiKeyByHash = async (db: Db, keyHash: string): Promise<ApiKeyRow | undefined> => {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).limit(1);
  return row;
};

/** The user's own keys, newest first. */
export const findUserApiKeys = (db: Db, userId: string): Promise<ApiKeyRow[]> =>
  db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));

/** The organisation's keys with their owners, newest first. */
export const findOrganizationApiKeys = (
  db: Db,
  organizationId: string,
): Promise<OrganizationApiKeyRow[]> =>
  db
    .select({ ...getTableColumns(apiKeys), ownerName: users.name, ownerEmail: users.email })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.organizationId, organizationId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));

export const findApiKey = async (db: Db, id: string): Promise<ApiKeyRow | undefined> => {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  return row;
};

/** Revokes the key (once: a revoked key keeps its first revocation); answers the row. */
export const revokeApiKeyRow = async (
  db: Db,
  id: string,
  revokedBy: string,
): Promise<ApiKeyRow | undefined> => {
  await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedBy })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
  return findApiKey(db, id);
};

/**
 * Notes the key used now, unless it was within the last minute (several processes may call
 * this at once: the condition keeps it to one write a minute).
 */
export const touchApiKey = async (db: Db, id: string): Promise<void> => {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
};

/** Revokes every key of the user not yet revoked; answers those it revoked. */
export const revokeUserApiKeyRows = (
  db: Db,
  userId: string,
  revokedBy: string,
): Promise<ApiKeyRow[]> =>
  db
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedBy })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning();
