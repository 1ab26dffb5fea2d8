import { and, count, eq, sql } from 'drizzle-orm';
import type { SuppressionReason } from '@leadline/shared/deliverability';
import type { Db } from '../../db/connection.ts';
import { emailSuppressions } from '../../db/schema.ts';
import { containsPattern } from '../leads/query.ts';

export type SuppressionRow = typeof emailSuppressions.$inferSelect;
const s = emailSuppressions;

const listConditions = (organizationId: string, search: string | undefined) =>
  and(
    eq(s.organizationId, organizationId),
    search ? sql`${s.email} LIKE lower(${containsPattern(search)})` : undefined,
  );

/** A page of the organisation's list, newest first, and how many entries match. */
export const findSuppressions = async (
  db: Db,
  organizationId: string,
  search: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: SuppressionRow[]; total: number }> => {
  const where = listConditions(organizationId, search);
  const [rows, [row]] = await Promise.all([
    db
      .select()
      .from(s)
      .where(where)
      .orderBy(sql`${s.createdAt} DESC NULLS LAST`, sql`${s.email}`)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(s).where(where),
  ]);
  return { rows, total: row!.total };
};

export const findSuppression = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<SuppressionRow | undefined> => {
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.organizationId, organizationId), eq(s.id, id)))
    .limit(1);
  return row;
};

/** Adds the entries not listed yet; answers those it added. */
export const insertSuppressions = async (
  db: Db,
  values: {
    organizationId: string;
    entries: readonly string[];
    reason: SuppressionReason;
    source: string;
    createdBy: string;
  },
): Promise<string[]> => {
  const added: string[] = [];
  // In slices, so that a long upload stays within the database's parameter limit.
  for (let start = 0; start < values.entries.length; start += 1000) {
    const rows = await db
      .insert(s)
      .values(
        values.entries.slice(start, start + 1000).map((email) => ({
          organizationId: values.organizationId,
          email,
          reason: values.reason,
          source: values.source,
          createdBy: values.createdBy,
        })),
      )
      .onConflictDoNothing()
      .returning({ email: s.email });
    added.push(...rows.map((row) => row.email));
  }
  return added;
};

export const deleteSuppression = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<SuppressionRow | undefined> => {
  const [row] = await db
    .delete(s)
    .where(and(eq(s.organizationId, organizationId), eq(s.id, id)))
    .returning();
  return row;
};
