import { sql } from 'drizzle-orm';
import { CUSTOM_FIELD_TYPES, hasRange, isCustomKey } from '@leadline/shared/custom-fields';
import type { CustomFieldEntity, CustomFieldType } from '@leadline/shared/custom-fields';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';
import { findIndexedKeys } from './repo.ts';

/*
 * Per-key B-tree indexes for the custom fields lists sort and range-filter on (numbers,
 * amounts, dates): `(organization_id, (custom -> '<key>'), id)` on leads or clients, in the
 * null placement of the lists' ORDER BY (ascending nulls first; read backwards it is descending
 * nulls last). The index is keyed by the field's key, not by organisation: every organisation
 * with a field of that key shares it, and an organisation without one has only its NULL
 * entries there. With it the first page of a sort reads 51 index entries and stops, and a
 * range is an index range within the organisation; without it both read every lead of the
 * organisation (measured on a million leads in bench/custom-fields.ts).
 *
 * Every field, of any type, also gets extended statistics on `custom -> '<key>'` and
 * `lower(custom ->> '<key>')` (CREATE STATISTICS, no index to maintain; filled by ANALYZE):
 * without them the planner guesses 1 row in 200 for "empty" and "contains", and on a million
 * leads then chose plans of 300 ms to 1.4 s where reading in date order and stopping at the
 * page takes 15 to 170 ms.
 *
 * Indexes are built CONCURRENTLY (writes to the table go on meanwhile) outside any
 * transaction, in the background: soon after a field is made or retyped (the request does not
 * wait: a build waits for every transaction open on the table, a long export included), and by
 * the six-hourly tick, which also builds those missing (a failed build, a restart, fields made
 * before this existed) and drops those no field uses any more.
 *
 * Every index holds an entry for every lead of every organisation and is kept up by every
 * insert and update, so a server keeps at most MAX_INDEXED_KEYS per table: the keys most
 * organisations have a field of (then the oldest). Many organisations' own keys cannot slow
 * every import and edit; a key past the cap sorts and ranges by reading the organisation's rows.
 */

/** Per-key indexes a table keeps at most; statistics objects likewise. */
export const MAX_INDEXED_KEYS = 24;
export const MAX_STATISTICS_KEYS = 200;

const TABLES: Record<CustomFieldEntity, string> = { lead: 'leads', client: 'clients' };

/** Whether a field of this type gets an index (the types a list sorts and ranges on). */
export const isIndexedType = (type: CustomFieldType): boolean => hasRange(type);
const INDEXED_TYPES = CUSTOM_FIELD_TYPES.filter(isIndexedType);

/** `leads_cf_<key>` / `clients_cf_<key>`: at most 61 characters for a 50-character key. */
export const fieldIndexName = (entity: CustomFieldEntity, key: string): string =>
  `${TABLES[entity]}_cf_${key}`;

const checkedKey = (key: string): string => {
  // The key is written into the statement: only the pattern every key is made to.
  if (!isCustomKey(key)) throw new Error(`not a custom field key: ${key}`);
  return key;
};

/** Whether the index exists, and whether a build left it invalid. */
const indexState = async (db: Db, name: string): Promise<'missing' | 'valid' | 'invalid'> => {
  const rows = rowsOf<{ valid: boolean }>(
    await db.execute(sql`SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE c.relname = ${name} AND c.relnamespace = current_schema()::regnamespace`),
  );
  if (rows.length === 0) return 'missing';
  return rows[0]!.valid ? 'valid' : 'invalid';
};

/** Builds the key's index unless it is there; an invalid one (a failed build) is built again. */
export const ensureFieldIndex = async (
  db: Db,
  entity: CustomFieldEntity,
  key: string,
): Promise<void> => {
  const name = fieldIndexName(entity, checkedKey(key));
  const state = await indexState(db, name);
  if (state === 'valid') return;
  if (state === 'invalid') await db.execute(sql.raw(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`));
  await db.execute(
    sql.raw(
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name} ON ${TABLES[entity]} ` +
        `(organization_id, (custom -> '${key}') ASC NULLS FIRST, id ASC NULLS FIRST)`,
    ),
  );
};

/**
 * A build when a field is made: a failure (a lock wait cut short, a full disk) does not fail
 * the field, which works without it until the tick builds it; the error is returned.
 */
const tryEnsure = async (build: () => Promise<void>): Promise<unknown> => {
  try {
    await build();
    return undefined;
  } catch (error) {
    return error;
  }
};

/**
 * After a field is made or its type changed, once committed: its key's statistics, and its
 * index when of an indexed type and among the keys the table keeps indexes for. A failure is
 * left to the tick.
 */
export const indexField = async (
  db: Db,
  field: { entity: CustomFieldEntity; key: string; type: CustomFieldType },
): Promise<void> => {
  const statistics = await findIndexedKeys(
    db,
    field.entity,
    CUSTOM_FIELD_TYPES,
    MAX_STATISTICS_KEYS,
  );
  if (statistics.includes(field.key))
    await tryEnsure(() => ensureFieldStatistics(db, field.entity, field.key));
  if (!isIndexedType(field.type)) return;
  const indexed = await findIndexedKeys(db, field.entity, INDEXED_TYPES, MAX_INDEXED_KEYS);
  if (indexed.includes(field.key))
    await tryEnsure(() => ensureFieldIndex(db, field.entity, field.key));
};

/** The builds asked for by requests, one after another. */
let building: Promise<void> = Promise.resolve();

/**
 * indexField in the background, after the builds asked for before it; answers when it is done
 * (tests wait for it; requests do not). Nothing it meets is thrown: the tick tries again.
 */
export const indexFieldSoon = (
  db: Db,
  field: { entity: CustomFieldEntity; key: string; type: CustomFieldType },
): Promise<void> => {
  building = building.then(() => indexField(db, field)).catch(() => undefined);
  return building;
};

/** When every build asked for so far is over. */
export const fieldIndexingSettled = (): Promise<void> => building;

/** `leads_cfs_<key>` / `clients_cfs_<key>`: the key's statistics object. */
const statisticsName = (entity: CustomFieldEntity, key: string): string =>
  `${TABLES[entity]}_cfs_${key}`;

/** The planner's statistics on the key's value and its lower-cased text (what filters compare). */
export const ensureFieldStatistics = async (
  db: Db,
  entity: CustomFieldEntity,
  key: string,
): Promise<void> => {
  const name = statisticsName(entity, checkedKey(key));
  await db.execute(
    sql.raw(
      `CREATE STATISTICS IF NOT EXISTS ${name} ON (custom -> '${key}'), ` +
        `(lower(custom ->> '${key}')) FROM ${TABLES[entity]}`,
    ),
  );
};

/** The keys of the per-key indexes or statistics objects that exist on the entity's table. */
const existingKeys = async (
  db: Db,
  entity: CustomFieldEntity,
  kind: 'index' | 'statistics',
): Promise<string[]> => {
  const prefix = kind === 'index' ? `${TABLES[entity]}_cf_` : `${statisticsName(entity, '')}`;
  const rows = rowsOf<{ name: string }>(
    await db.execute(
      kind === 'index'
        ? sql`SELECT indexname AS name FROM pg_indexes
            WHERE schemaname = current_schema() AND tablename = ${TABLES[entity]}
              AND starts_with(indexname, ${prefix})`
        : sql`SELECT stxname AS name FROM pg_statistic_ext
            WHERE stxnamespace = current_schema()::regnamespace AND starts_with(stxname, ${prefix})`,
    ),
  );
  return rows.map((row) => row.name.slice(prefix.length));
};

/**
 * The tick's pass: every key some field of any organisation has (deleted ones too: their
 * values are kept and may be restored) gets its statistics, and its index when of an indexed
 * type; those no such field has any more are dropped.
 */
export const reconcileFieldIndexes = async (
  db: Db,
  caps = { indexes: MAX_INDEXED_KEYS, statistics: MAX_STATISTICS_KEYS },
): Promise<void> => {
  for (const entity of Object.keys(TABLES) as CustomFieldEntity[]) {
    const indexed = new Set(await findIndexedKeys(db, entity, INDEXED_TYPES, caps.indexes));
    const all = new Set(await findIndexedKeys(db, entity, CUSTOM_FIELD_TYPES, caps.statistics));
    for (const key of all) await ensureFieldStatistics(db, entity, key);
    for (const key of indexed) await ensureFieldIndex(db, entity, key);
    for (const key of await existingKeys(db, entity, 'index'))
      if (!indexed.has(key))
        await db.execute(
          sql.raw(`DROP INDEX CONCURRENTLY IF EXISTS ${fieldIndexName(entity, checkedKey(key))}`),
        );
    for (const key of await existingKeys(db, entity, 'statistics'))
      if (!all.has(key))
        await db.execute(
          sql.raw(`DROP STATISTICS IF EXISTS ${statisticsName(entity, checkedKey(key))}`),
        );
  }
};
