import { and, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { LeadData } from '@leadline/shared/leads';
import type { Db } from '../../db/connection.ts';
import { leads } from '../../db/schema.ts';
import { leadConditions, leadOrder } from './query.ts';
import type { LeadFilter, LeadSort } from './query.ts';

// Every column but the generated search texts, which serve indexes, not readers.
const {
  searchText: _searchText,
  locationText: _locationText,
  ...leadColumns
} = getTableColumns(leads);

export type LeadRow = Omit<typeof leads.$inferSelect, 'searchText' | 'locationText'>;
export type NewLead = LeadData & { organizationId: string; createdBy: string | null };
export type LeadSeedRow = typeof leads.$inferInsert;

export const findLeads = async (
  db: Db,
  organizationId: string,
  filter: LeadFilter,
  sort: LeadSort,
  page: { limit: number; offset: number },
): Promise<{ rows: LeadRow[]; total: number }> => {
  const where = leadConditions(organizationId, filter);
  // The page and the total run side by side (two connections on PostgreSQL).
  const [rows, [row]] = await Promise.all([
    db
      .select(leadColumns)
      .from(leads)
      .where(where)
      .orderBy(...leadOrder(sort))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(leads).where(where),
  ]);
  return { rows, total: row!.total };
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

export const insertLead = async (db: Db, lead: NewLead): Promise<LeadRow> => {
  const [row] = await db.insert(leads).values(lead).returning(leadColumns);
  return row!;
};

export const updateLead = async (
  db: Db,
  organizationId: string,
  id: string,
  changes: Partial<LeadData>,
): Promise<LeadRow | undefined> => {
  const [row] = await db
    .update(leads)
    .set({ ...changes, updatedAt: sql`now()` })
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

/** Deletes those of the ids that belong to the organisation; returns how many went. */
export const deleteLeads = async (
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<number> => {
  const rows = await db
    .delete(leads)
    .where(and(eq(leads.organizationId, organizationId), inArray(leads.id, [...ids])))
    .returning({ id: leads.id });
  return rows.length;
};

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
