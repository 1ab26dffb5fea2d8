import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { CustomFieldEntity, CustomFieldType } from '@leadline/shared/custom-fields';
import type { Db } from '../../db/connection.ts';
import { clients, leads } from '../../db/schema.ts';
import { customFields } from '../../db/tables.ts';

export type CustomFieldRow = typeof customFields.$inferSelect;
export type NewCustomField = typeof customFields.$inferInsert;

/** The table that holds the entity's records (and their `custom` values). */
export const recordTable = (entity: CustomFieldEntity) => (entity === 'lead' ? leads : clients);

/** The organisation's fields of one entity in form order; deleted ones only when asked. */
export const findFields = (
  db: Db,
  organizationId: string,
  entity: CustomFieldEntity,
  deleted = false,
): Promise<CustomFieldRow[]> =>
  db
    .select()
    .from(customFields)
    .where(
      and(
        eq(customFields.organizationId, organizationId),
        eq(customFields.entity, entity),
        deleted ? isNotNull(customFields.deletedAt) : isNull(customFields.deletedAt),
      ),
    )
    .orderBy(asc(customFields.position), asc(customFields.createdAt));

export const findField = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<CustomFieldRow | undefined> => {
  const [row] = await db
    .select()
    .from(customFields)
    .where(and(eq(customFields.organizationId, organizationId), eq(customFields.id, id)))
    .limit(1);
  return row;
};

/** Every key of the entity's fields, deleted ones included (a new key must differ from them). */
export const findKeys = async (
  db: Db,
  organizationId: string,
  entity: CustomFieldEntity,
): Promise<{ keys: string[]; lastPosition: number; count: number }> => {
  const rows = await db
    .select({
      key: customFields.key,
      position: customFields.position,
      deletedAt: customFields.deletedAt,
    })
    .from(customFields)
    .where(and(eq(customFields.organizationId, organizationId), eq(customFields.entity, entity)));
  return {
    keys: rows.map((row) => row.key),
    lastPosition: Math.max(-1, ...rows.map((row) => row.position)),
    count: rows.filter((row) => !row.deletedAt).length,
  };
};

export const insertField = async (db: Db, field: NewCustomField): Promise<CustomFieldRow> => {
  const [row] = await db.insert(customFields).values(field).returning();
  return row!;
};

export const updateField = async (
  db: Db,
  organizationId: string,
  id: string,
  changes: Partial<
    Pick<CustomFieldRow, 'label' | 'type' | 'options' | 'hidden' | 'position' | 'deletedAt'>
  >,
): Promise<CustomFieldRow | undefined> => {
  const [row] = await db
    .update(customFields)
    .set(changes)
    .where(and(eq(customFields.organizationId, organizationId), eq(customFields.id, id)))
    .returning();
  return row;
};

/** The records of the organisation that hold a value for `key` (a type change reads them). */
export const findValues = (
  db: Db,
  organizationId: string,
  entity: CustomFieldEntity,
  key: string,
): Promise<{ id: string; name: string; value: unknown }[]> => {
  const table = recordTable(entity);
  const name =
    entity === 'lead'
      ? sql<string>`trim(${leads.personFirstName} || ' ' || ${leads.personLastName})`
      : sql<string>`${clients.companyName}`;
  return db
    .select({ id: table.id, name, value: sql<unknown>`${table.custom} -> ${key}` })
    .from(table)
    .where(and(eq(table.organizationId, organizationId), sql`${table.custom} ? ${key}`));
};

/**
 * Writes converted values: `values` by record id (null: the value is removed). One statement
 * for the whole set (a jsonb parameter of id -> value).
 */
export const writeValues = async (
  db: Db,
  organizationId: string,
  entity: CustomFieldEntity,
  key: string,
  values: Record<string, unknown>,
): Promise<void> => {
  if (Object.keys(values).length === 0) return;
  const table = recordTable(entity);
  const payload = JSON.stringify(values);
  await db
    .update(table)
    .set({
      custom: sql`CASE WHEN (${payload}::jsonb -> ${table.id}::text) = 'null'::jsonb
        THEN ${table.custom} - ${key}
        ELSE jsonb_set(${table.custom}, ARRAY[${key}]::text[], ${payload}::jsonb -> ${table.id}::text) END`,
    })
    .where(
      and(eq(table.organizationId, organizationId), sql`${payload}::jsonb ? ${table.id}::text`),
    );
};

/** Fields deleted before `before`, of every organisation (the daily purge). */
export const findPurgeable = (db: Db, before: Date): Promise<CustomFieldRow[]> =>
  db
    .select()
    .from(customFields)
    .where(and(isNotNull(customFields.deletedAt), lt(customFields.deletedAt, before)))
    .limit(100);

/** Removes the field's values from every record of its organisation, then the field. */
export const purgeField = async (db: Db, field: CustomFieldRow): Promise<void> => {
  const table = recordTable(field.entity);
  await db
    .update(table)
    .set({ custom: sql`${table.custom} - ${field.key}` })
    .where(
      and(eq(table.organizationId, field.organizationId), sql`${table.custom} ? ${field.key}`),
    );
  await db.delete(customFields).where(eq(customFields.id, field.id));
};

/**
 * The keys of the entity's fields of the given types, of every organisation, deleted or not:
 * at most `limit`, those most organisations have a field of first (then the oldest).
 */
export const findIndexedKeys = async (
  db: Db,
  entity: CustomFieldEntity,
  types: readonly CustomFieldType[],
  limit: number,
): Promise<string[]> => {
  const rows = await db
    .select({ key: customFields.key })
    .from(customFields)
    .where(and(eq(customFields.entity, entity), inArray(customFields.type, [...types])))
    .groupBy(customFields.key)
    .orderBy(
      desc(sql`count(DISTINCT ${customFields.organizationId})`),
      asc(sql`min(${customFields.createdAt})`),
      asc(customFields.key),
    )
    .limit(limit);
  return rows.map((row) => row.key);
};
