import { and, asc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { TemplateData, TemplateUpdateData } from '@leadline/shared/templates';
import type { Db } from '../../db/connection.ts';
import { users } from '../../db/schema.ts';
import { emailTemplates } from '../../db/tables/templates.ts';

const t = emailTemplates;
export type TemplateRow = typeof emailTemplates.$inferSelect & { ownerName: string | null };

const columns = { ...getTableColumns(t), ownerName: users.name };

/** The templates a user sees: the organisation's shared ones and their own personal ones. */
const visibleTo = (organizationId: string, userId: string) =>
  and(eq(t.organizationId, organizationId), or(eq(t.shared, true), eq(t.userId, userId)));

export const findTemplates = (db: Db, organizationId: string, userId: string) =>
  db
    .select(columns)
    .from(t)
    .leftJoin(users, eq(users.id, t.userId))
    .where(visibleTo(organizationId, userId))
    .orderBy(asc(sql`lower(${t.name})`), asc(t.createdAt));

export const findTemplate = async (
  db: Db,
  organizationId: string,
  userId: string,
  id: string,
): Promise<TemplateRow | undefined> => {
  const [row] = await db
    .select(columns)
    .from(t)
    .leftJoin(users, eq(users.id, t.userId))
    .where(and(visibleTo(organizationId, userId), eq(t.id, id)))
    .limit(1);
  return row;
};

export const insertTemplate = async (
  db: Db,
  values: TemplateData & { organizationId: string; userId: string },
): Promise<string> => {
  const [row] = await db.insert(t).values(values).returning({ id: t.id });
  return row!.id;
};

export const updateTemplate = async (
  db: Db,
  organizationId: string,
  id: string,
  changes: TemplateUpdateData,
): Promise<void> => {
  await db
    .update(t)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(t.organizationId, organizationId), eq(t.id, id)));
};

export const deleteTemplate = async (db: Db, organizationId: string, id: string) => {
  await db.delete(t).where(and(eq(t.organizationId, organizationId), eq(t.id, id)));
};
