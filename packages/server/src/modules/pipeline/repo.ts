import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { LeadStatus } from '@leadline/shared/leads';
import type { Db } from '../../db/connection.ts';
import { leads } from '../../db/schema.ts';
import { leadConditions } from '../leads/query.ts';
import type { LeadFilter } from '../leads/query.ts';
import type { BoardCursor } from './cursor.ts';

// Every column but the generated search texts (they serve indexes, not readers).
const {
  searchText: _searchText,
  locationText: _locationText,
  ...cardColumns
} = getTableColumns(leads);

/** The time in status as whole microseconds since 1970 (exact: extract gives numeric). */
const micros = sql<string>`(extract(epoch from ${leads.statusChangedAt}) * 1000000)::bigint::text`;
/** The same of the time in the deal stage (a stage column's order). */
const stageMicros = sql<string>`(extract(epoch from ${leads.stageChangedAt}) * 1000000)::bigint::text`;

/** A board column: a status (leads in no deal stage) or a deal stage. */
export type BoardColumnKey = { status: LeadStatus } | { stageId: string };

/**
 * A column's cards after `after`, newest in their column first. A status column reads the board
 * index (organization_id, status, status_changed_at DESC NULLS LAST, id DESC NULLS LAST,
 * deal_value) in order, skipping leads in a stage; a stage column reads leads_org_stage_idx the
 * same way. The other filters are checked on the way. One row past `limit` says whether more
 * follow.
 */
const cardsQuery = (
  db: Db,
  organizationId: string,
  filter: LeadFilter,
  column: BoardColumnKey,
  after: BoardCursor | null,
  limit: number,
) => {
  const time = 'status' in column ? leads.statusChangedAt : leads.stageChangedAt;
  return db
    .select({ lead: cardColumns, micros: 'status' in column ? micros : stageMicros })
    .from(leads)
    .where(
      and(
        'status' in column
          ? and(
              leadConditions(organizationId, { ...filter, status: column.status }),
              isNull(leads.stageId),
            )
          : and(leadConditions(organizationId, filter), eq(leads.stageId, column.stageId)),
        after
          ? sql`(${time}, ${leads.id}) < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${time} DESC NULLS LAST`, sql`${leads.id} DESC NULLS LAST`)
    .limit(limit + 1);
};

export type CardRow = Awaited<ReturnType<typeof cardsQuery>>[number];

/** More cards of one column (after a cursor), or its first ones. */
export const findColumnCards = cardsQuery;

/**
 * The first `limit` + 1 cards of every column in one statement (one round trip): a UNION ALL
 * of each column's read, in the order of `columns`.
 */
export const findFirstCards = (
  db: Db,
  organizationId: string,
  filter: LeadFilter,
  [first, second, ...rest]: readonly [BoardColumnKey, BoardColumnKey, ...BoardColumnKey[]],
  limit: number,
): Promise<CardRow[]> => {
  const column = (key: BoardColumnKey) => cardsQuery(db, organizationId, filter, key, null, limit);
  return unionAll(column(first), column(second), ...rest.map(column));
};

/** A column's totals; `status` is the column's key: the deal stage's id, else the status. */
export type ColumnTotal = { status: string; count: number; value: number };

/** Every matching lead counted and its deal value summed, per column (one GROUP BY). */
export const findColumnTotals = async (
  db: Db,
  organizationId: string,
  filter: LeadFilter,
): Promise<ColumnTotal[]> => {
  const key = sql<string>`coalesce(${leads.stageId}::text, ${leads.status})`;
  const rows = await db
    .select({
      status: key,
      count: sql<number>`count(*)::int`,
      value: sql<string>`coalesce(sum(${leads.dealValue}), 0)::text`,
    })
    .from(leads)
    .where(leadConditions(organizationId, filter))
    .groupBy(key);
  return rows.map((row) => ({ status: row.status, count: row.count, value: Number(row.value) }));
};
