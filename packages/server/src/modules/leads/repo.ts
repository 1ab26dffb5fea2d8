import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { LeadData } from '@leadline/shared/leads';
import type { Db } from '../../db/connection.ts';
import { leads } from '../../db/schema.ts';
import { leadStatusChanges } from '../../db/tables.ts';
import { leadConditions, leadOrder, sortColumn } from './query.ts';
import type { LeadFilter, LeadSort } from './query.ts';
import { customPatchSql } from '../custom-fields/values.ts';
import type { CustomPatch } from '../custom-fields/values.ts';

// Every column but the generated search texts, which serve indexes, not readers.
const {
  searchText: _searchText,
  locationText: _locationText,
  ...leadColumns
} = getTableColumns(leads);
export { leadColumns };

export type LeadRow = Omit<typeof leads.$inferSelect, 'searchText' | 'locationText'>;
export type NewLead = Omit<LeadData, 'ownerId' | 'custom'> & {
  custom?: Record<string, unknown>;
  organizationId: string;
  createdBy: string | null;
  ownerId: string | null;
};
/** What an edit may write: the form's fields, the owner, and custom values merged in. */
export type LeadChanges = Partial<Omit<LeadData, 'ownerId' | 'custom'>> & {
  ownerId?: string | null;
  custom?: CustomPatch;
};
export type LeadSeedRow = typeof leads.$inferInsert;

/** Past this many matching leads the list answers "10,000+" instead of counting them all. */
const LEAD_TOTAL_CAP = 10_000;
/**
 * The cap with a custom-field filter: its value is read from each lead's row (no index-only
 * scan of an expression), so counting 10,001 matches of a choice 1 lead in 25 has reads a
 * quarter of a million rows (~100 ms on a million leads, bench/custom-fields.ts); "500+" reads
 * a twentieth of that, which keeps a custom filter within twice the built-in one's time.
 */
const CUSTOM_FILTER_TOTAL_CAP = 500;

const totalCapOf = (filter: LeadFilter): number =>
  filter.custom?.length ? CUSTOM_FILTER_TOTAL_CAP : LEAD_TOTAL_CAP;

export type LeadPage = { rows: LeadRow[]; total: number; totalCapped: boolean; hasMore: boolean };

/**
 * One page of the filtered leads and their total, in one statement that finds the matching
 * leads once:
 * - `matched`: the id and sort value of at most the cap + 1 matching leads, in no order
 *   (an index-only scan when nothing is filtered; one trigram search when something is).
 * - `counted`: how many that is. More than the cap means "10,000+": counting a million rows
 *   on every request costs ~100 ms.
 * - the page: sorted from `matched` when it holds every match; otherwise read from the table
 *   in index order (the branch not taken is skipped at run time: a one-time filter). One row
 *   past the page is read to know whether another page follows, counted total or not.
 */
export const findLeads = async (
  db: Db,
  organizationId: string,
  filter: LeadFilter,
  sort: LeadSort,
  page: { limit: number; offset: number },
): Promise<LeadPage> => {
  const where = leadConditions(organizationId, filter);
  const cap = totalCapOf(filter);
  // A custom field's sort value is read from the lead's row: carried in `matched`, it would
  // turn the count's index-only scan into a read of up to 10,001 rows. The page of a small set
  // reads it from the rows of that set instead.
  const customSort = sort.customKey !== undefined;
  const matched = db.$with('matched').as(
    db
      .select({
        id: leads.id,
        key: sql`${customSort ? sql`NULL` : sortColumn(sort)}`.as('sort_key'),
      })
      .from(leads)
      .where(where)
      .limit(cap + 1),
  );
  const counted = db
    .$with('counted')
    .as(db.select({ total: sql<number>`count(*)::int`.as('total') }).from(matched));
  const total = sql`(SELECT ${counted.total} FROM ${counted})`;
  const pageIds = db.$with('page_ids').as(
    unionAll(
      (customSort
        ? db
            .select({ id: matched.id })
            .from(matched)
            .innerJoin(leads, eq(leads.id, matched.id))
            .$dynamic()
        : db.select({ id: matched.id }).from(matched).$dynamic()
      )
        .where(sql`${total} <= ${cap}`)
        .orderBy(...(customSort ? leadOrder(sort) : leadOrder(sort, matched.key, matched.id)))
        .limit(page.limit + 1)
        .offset(page.offset),
      db
        .select({ id: leads.id })
        .from(leads)
        .where(and(sql`${total} > ${cap}`, where))
        .orderBy(...leadOrder(sort))
        .limit(page.limit + 1)
        .offset(page.offset),
    ),
  );
  const rows = await db
    .with(matched, counted, pageIds)
    .select({ total: counted.total, lead: leadColumns })
    .from(counted)
    .leftJoin(pageIds, sql`true`)
    .leftJoin(leads, eq(leads.id, pageIds.id))
    .orderBy(...leadOrder(sort));
  const counting = rows[0]?.total ?? 0;
  const found = rows.flatMap((row) => (row.lead ? [row.lead] : []));
  return {
    rows: found.slice(0, page.limit),
    total: Math.min(counting, cap),
    totalCapped: counting > cap,
    hasMore: found.length > page.limit,
  };
};

export const findLead = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<LeadRow | undefined> => {
  const [row] = await db
    .select(leadColumns)
    .from(leads)
    .where(and(eq(leads.organizationId, organizationId), eq(leads.id, id)))
    .limit(1);
  return row;
};

/** The organisation's leads among the ids (one array parameter), in the order of `ids`. */
export const findLeadsByIds = async (
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<LeadRow[]> => {
  const rows = await db
    .select(leadColumns)
    .from(leads)
    .where(
      and(
        eq(leads.organizationId, organizationId),
        sql`${leads.id} = ANY(${sql.param([...ids])}::uuid[])`,
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

export const insertLead = async (db: Db, lead: NewLead): Promise<LeadRow> => {
  const [row] = await db.insert(leads).values(lead).returning(leadColumns);
  return row!;
};

export const updateLead = async (
  db: Db,
  organizationId: string,
  id: string,
  changes: LeadChanges,
): Promise<LeadRow | undefined> => {
  const { custom, ...plain } = changes;
  const [row] = await db
    .update(leads)
    .set({
      ...plain,
      ...(custom ? { custom: customPatchSql(leads.custom, custom) } : {}),
      updatedAt: sql`now()`,
      ...(changes.status
        ? {
            statusChangedAt: sql`CASE WHEN ${leads.status} = ${changes.status} THEN ${leads.statusChangedAt} ELSE now() END`,
          }
        : {}),
    })
    .where(and(eq(leads.organizationId, organizationId), eq(leads.id, id)))
    .returning(leadColumns);
  return row;
};

export const deleteLead = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<LeadRow | undefined> => {
  const [row] = await db
    .delete(leads)
    .where(and(eq(leads.organizationId, organizationId), eq(leads.id, id)))
    .returning(leadColumns);
  return row;
};

/** Deletes those of the ids that belong to the organisation; returns the leads that went. */
export const deleteLeads = async (
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<LeadRow[]> =>
  db
    .delete(leads)
    .where(and(eq(leads.organizationId, organizationId), inArray(leads.id, [...ids])))
    .returning(leadColumns);

/** Multi-row inserts of `batchSize` rows (demo data, imports). */
export const insertLeadRows = async (
  db: Db,
  rows: readonly LeadSeedRow[],
  batchSize = 500,
): Promise<void> => {
  for (let start = 0; start < rows.length; start += batchSize) {
    await db.insert(leads).values(rows.slice(start, start + batchSize));
  }
};

/**
 * One batch of the filtered leads, newest first, after the lead `afterId` (keyset paging, so
 * reading a million rows stays as fast at the end as at the start). The cursor is compared
 * inside SQL so that timestamps keep their microseconds.
 */
export const findLeadBatch = (
  db: Db,
  organizationId: string,
  filter: LeadFilter,
  afterId: string | null,
  limit: number,
): Promise<LeadRow[]> =>
  db
    .select(leadColumns)
    .from(leads)
    .where(
      and(
        leadConditions(organizationId, filter),
        afterId
          ? sql`(${leads.createdAt}, ${leads.id}) < (SELECT c.created_at, c.id FROM leads c WHERE c.id = ${afterId})`
          : undefined,
      ),
    )
    .orderBy(...leadOrder({ field: 'createdAt', descending: true }))
    .limit(limit);

/** Records changes of status (the leaderboard's "moved to Qualified" reads them). */
export const insertStatusChange = async (
  db: Db,
  change: typeof leadStatusChanges.$inferInsert | (typeof leadStatusChanges.$inferInsert)[],
): Promise<void> => {
  const rows = Array.isArray(change) ? change : [change];
  if (rows.length > 0) await db.insert(leadStatusChanges).values(rows);
};

/** The owners of those of the ids that belong to the organisation (the write check reads them). */
export const findOwnersOf = async (
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<(string | null)[]> => {
  const rows = await db
    .selectDistinct({ ownerId: leads.ownerId })
    .from(leads)
    .where(and(eq(leads.organizationId, organizationId), inArray(leads.id, [...ids])));
  return rows.map((row) => row.ownerId);
};

/** A lead whose owner changed (after the change), with the owner it had before. */
export type ReassignedLead = LeadRow & { previousOwnerId: string | null };

/**
 * Gives `ownerId` the organisation's leads among `which` (ids, or every lead of a former owner)
 * that someone else owns; answers the leads changed with their previous owner.
 */
export const reassignLeads = async (
  db: Db,
  organizationId: string,
  which: { ids: readonly string[] } | { ownedBy: string },
  ownerId: string,
): Promise<ReassignedLead[]> => {
  const target = db.$with('target').as(
    db
      .select({
        id: leads.id,
        previousOwnerId: sql<string | null>`${leads.ownerId}`.as('previous'),
      })
      .from(leads)
      .where(
        and(
          eq(leads.organizationId, organizationId),
          'ids' in which ? inArray(leads.id, [...which.ids]) : eq(leads.ownerId, which.ownedBy),
          sql`${leads.ownerId} IS DISTINCT FROM ${ownerId}`,
        ),
      )
      .for('update'),
  );
  return db
    .with(target)
    .update(leads)
    .set({ ownerId, updatedAt: sql`now()` })
    .from(target)
    .where(eq(leads.id, target.id))
    .returning({ ...leadColumns, previousOwnerId: target.previousOwnerId });
};
