import { and, getTableColumns, sql } from 'drizzle-orm';
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

/**
 * A column's cards after `after`, newest in their status first: the board index
 * (organization_id, status, status_changed_at DESC NULLS LAST, id DESC NULLS LAST, deal_value)
 * read in order, the other filters checked on the way. One row past `limit` says whether more
 * follow.
 */
const cardsQuery = (
  db: Db,
  organizationId: string,
  filter: LeadFilter,
  status: LeadStatus,
  after: BoardCursor | null,
  limit: number,
) =>
  db
    .select({ lead: cardColumns, micros })
    .from(leads)
    .where(
      and(
        leadConditions(organizationId, { ...filter, status }),
        after
          ? sql`(${leads.statusChangedAt}, ${leads.id}) < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${leads.statusChangedAt} DESC NULLS LAST`, sql`${leads.id} DESC NULLS LAST`)
    .limit(limit + 1);

export type CardRow = Awaited<ReturnType<typeof cardsQuery>>[number];

/** More cards of one column (after a cursor), or its first ones. */
export const findColumnCards = cardsQuery;

/**
 * The first `limit` + 1 cards of every column in one statement (one round trip): a UNION ALL
 * of each column's read, in the order of `statuses`.
 */
export const findFirstCards = (
  db: Db,
  organizationId: string,
  filter: LeadFilter,
  [first, second, ...rest]: readonly [LeadStatus, LeadStatus, ...LeadStatus[]],
  limit: number,
): Promise<CardRow[]> => {
  const column = (status: LeadStatus) =>
    cardsQuery(db, organizationId, filter, status, null, limit);
  return unionAll(column(first), column(second), ...rest.map(column));
};

export type ColumnTotal = { status: string; count: number; value: number };

/** Every matching lead counted and its deal value summed, per status (one GROUP BY). */
export const findColumnTotals = async (
  db: Db,
  organizationId: string,
  filter: LeadFilter,
): Promise<ColumnTotal[]> => {
  const rows = await db
    .select({
      status: leads.status,
      count: sql<number>`count(*)::int`,
      value: sql<string>`coalesce(sum(${leads.dealValue}), 0)::text`,
    })
    .from(leads)
    .where(leadConditions(organizationId, filter))
    .groupBy(leads.status);
  return rows.map((row) => ({ status: row.status, count: row.count, value: Number(row.value) }));
};
