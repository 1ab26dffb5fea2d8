import { and, asc, count, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { ClientData } from '@leadline/shared/clients';
import type { Db } from '../../db/connection.ts';
import { clients } from '../../db/schema.ts';
import { containsPattern } from '../leads/query.ts';
import { customPatchSql, customSortValue, customWhere } from '../custom-fields/values.ts';
import type { CustomCondition, CustomPatch } from '../custom-fields/values.ts';

// Every column but the generated search text, which is an index, not data.
const { searchText: _searchText, ...clientColumns } = getTableColumns(clients);

export type ClientRow = Omit<typeof clients.$inferSelect, 'searchText'>;
export type NewClient = Omit<ClientData, 'custom'> & {
  organizationId: string;
  createdBy: string | null;
  custom?: Record<string, unknown>;
};
export type ClientSeedRow = typeof clients.$inferInsert;
export type ClientFilter = { search?: string; category?: string; custom?: CustomCondition[] };
/** Sorted by a custom field's value (else newest first). */
export type ClientSort = { customKey: string; descending: boolean };

const clientConditions = (organizationId: string, filter: ClientFilter): SQL | undefined =>
  and(
    eq(clients.organizationId, organizationId),
    filter.search
      ? sql`${clients.searchText} LIKE lower(${containsPattern(filter.search)})`
      : undefined,
    filter.category ? eq(clients.companyCategory, filter.category) : undefined,
    filter.custom?.length ? customWhere(clients.custom, filter.custom) : undefined,
  );

/** Newest first, the id breaking ties, as the (organization_id, created_at, id) index reads. */
export const findClients = async (
  db: Db,
  organizationId: string,
  filter: ClientFilter,
  page: { limit: number; offset: number },
  sort?: ClientSort,
): Promise<{ rows: ClientRow[]; total: number }> => {
  const where = clientConditions(organizationId, filter);
  const direction = sort?.descending === false ? sql`ASC NULLS FIRST` : sql`DESC NULLS LAST`;
  const order = sort
    ? [
        sql`${customSortValue(clients.custom, sort.customKey)} ${direction}`,
        sql`${clients.id} ${direction}`,
      ]
    : [sql`${clients.createdAt} DESC NULLS LAST`, sql`${clients.id} DESC NULLS LAST`];
  // The page and the total run side by side (two connections on PostgreSQL).
  const [rows, [row]] = await Promise.all([
    db
      .select(clientColumns)
      .from(clients)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(clients).where(where),
  ]);
  return { rows, total: row!.total };
};

/** The organisation's distinct non-empty categories, for the list's filter. */
export const clientCategories = async (db: Db, organizationId: string): Promise<string[]> => {
  const rows = await db
    .selectDistinct({ category: clients.companyCategory })
    .from(clients)
    .where(and(eq(clients.organizationId, organizationId), ne(clients.companyCategory, '')))
    .orderBy(asc(clients.companyCategory));
  return rows.map((row) => row.category);
};

export const findClient = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<ClientRow | undefined> => {
  const [row] = await db
    .select(clientColumns)
    .from(clients)
    .where(and(eq(clients.organizationId, organizationId), eq(clients.id, id)))
    .limit(1);
  return row;
};

export const insertClient = async (db: Db, client: NewClient): Promise<ClientRow> => {
  const [row] = await db.insert(clients).values(client).returning(clientColumns);
  return row!;
};

export const updateClient = async (
  db: Db,
  organizationId: string,
  id: string,
  changes: Partial<Omit<ClientData, 'custom'>> & { custom?: CustomPatch },
): Promise<ClientRow | undefined> => {
  const { custom, ...plain } = changes;
  const [row] = await db
    .update(clients)
    .set({
      ...plain,
      ...(custom ? { custom: customPatchSql(clients.custom, custom) } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(clients.organizationId, organizationId), eq(clients.id, id)))
    .returning(clientColumns);
  return row;
};

export const deleteClient = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<ClientRow | undefined> => {
  const [row] = await db
    .delete(clients)
    .where(and(eq(clients.organizationId, organizationId), eq(clients.id, id)))
    .returning(clientColumns);
  return row;
};

/** Multi-row inserts of `batchSize` rows (demo data, imports). */
export const insertClientRows = async (
  db: Db,
  rows: readonly ClientSeedRow[],
  batchSize = 500,
): Promise<void> => {
  for (let start = 0; start < rows.length; start += batchSize) {
    await db.insert(clients).values(rows.slice(start, start + batchSize));
  }
};
