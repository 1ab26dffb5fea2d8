import { count, desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connection.ts';
import { leads } from '../../db/schema.ts';

/** null: every organisation (Super Admin). */
const inScope = (organizationId: string | null) =>
  organizationId === null ? undefined : eq(leads.organizationId, organizationId);

/**
 * All rows of `table` in scope, and those created (`createdAt`) in each of the two periods of
 * `periodDays` before `now`: the figures of a dashboard card and its trend.
 */
export const periodCounts = async (
  db: Db,
  table: PgTable,
  createdAt: PgColumn,
  where: SQL | undefined,
  now: Date,
  periodDays: number,
): Promise<{ total: number; current: number; previous: number }> => {
  const periodMs = periodDays * 86_400_000;
  const currentStart = new Date(now.getTime() - periodMs);
  const previousStart = new Date(now.getTime() - 2 * periodMs);
  const [row] = await db
    .select({
      total: count(),
      current: count(sql`CASE WHEN ${createdAt} >= ${currentStart} THEN 1 END`),
      previous: count(
        sql`CASE WHEN ${createdAt} >= ${previousStart} AND ${createdAt} < ${currentStart} THEN 1 END`,
      ),
    })
    .from(table)
    .where(where);
  return row!;
};

/** All leads, and those created in each of the two periods before `now`. */
export const leadCounts = (db: Db, organizationId: string | null, now: Date, periodDays: number) =>
  periodCounts(db, leads, leads.createdAt, inScope(organizationId), now, periodDays);

/** Leads per source, most first ('' for leads without one). */
export const leadsPerSource = (db: Db, organizationId: string | null) =>
  db
    .select({ source: leads.source, count: count() })
    .from(leads)
    .where(inScope(organizationId))
    .groupBy(leads.source)
    .orderBy(desc(count()), leads.source);

/** Leads per status, most first. */
export const leadsPerStatus = (db: Db, organizationId: string | null) =>
  db
    .select({ status: leads.status, count: count() })
    .from(leads)
    .where(inScope(organizationId))
    .groupBy(leads.status)
    .orderBy(desc(count()), leads.status);
