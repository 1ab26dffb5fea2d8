import { and, asc, count, eq, or } from 'drizzle-orm';
import type { SavedViewEntity } from '@leadline/shared/saved-views';
import type { Db } from '../../db/connection.ts';
import { users } from '../../db/schema.ts';
import { savedViews } from '../../db/tables/saved-views.ts';

export type SavedViewRow = typeof savedViews.$inferSelect & { ownerName: string | null };

const columns = {
  id: savedViews.id,
  organizationId: savedViews.organizationId,
  userId: savedViews.userId,
  entity: savedViews.entity,
  name: savedViews.name,
  query: savedViews.query,
  columns: savedViews.columns,
  shared: savedViews.shared,
  createdAt: savedViews.createdAt,
  updatedAt: savedViews.updatedAt,
  ownerName: users.name,
};

/** The caller's own views and the organisation's shared ones, by kind, then name. */
export const findVisibleViews = async (
  db: Db,
  organizationId: string,
  userId: string,
  entities: readonly SavedViewEntity[],
): Promise<SavedViewRow[]> => {
  const rows = await db
    .select(columns)
    .from(savedViews)
    .leftJoin(users, eq(users.id, savedViews.userId))
    .where(
      and(
        eq(savedViews.organizationId, organizationId),
        or(eq(savedViews.userId, userId), eq(savedViews.shared, true)),
      ),
    )
    .orderBy(asc(savedViews.entity), asc(savedViews.name));
  return rows.filter((row) => entities.includes(row.entity));
};

export const findView = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<SavedViewRow | undefined> => {
  const [row] = await db
    .select(columns)
    .from(savedViews)
    .leftJoin(users, eq(users.id, savedViews.userId))
    .where(and(eq(savedViews.organizationId, organizationId), eq(savedViews.id, id)));
  return row;
};

export const countOwnViews = async (db: Db, userId: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(savedViews)
    .where(eq(savedViews.userId, userId));
  return row?.n ?? 0;
};

export const insertView = async (db: Db, values: typeof savedViews.$inferInsert) => {
  const [row] = await db.insert(savedViews).values(values).returning({ id: savedViews.id });
  return row!.id;
};

export const updateView = async (
  db: Db,
  id: string,
  changes: Partial<Pick<typeof savedViews.$inferInsert, 'name' | 'query' | 'columns' | 'shared'>>,
): Promise<void> => {
  await db
    .update(savedViews)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(savedViews.id, id));
};

export const deleteView = async (db: Db, id: string): Promise<void> => {
  await db.delete(savedViews).where(eq(savedViews.id, id));
};
