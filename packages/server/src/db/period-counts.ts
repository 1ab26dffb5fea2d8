import { and, count, gte, lt, sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './connection.ts';

/** A period counted by reports and the leaderboard: `[start, end)`. */
export type Range = { start: Date; end: Date };

/** The column's time falls inside the range. */
export const within = (column: AnyColumn, range: Range) =>
  and(gte(column, range.start), lt(column, range.end));

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
