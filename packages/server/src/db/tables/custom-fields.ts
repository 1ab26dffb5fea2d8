// The organisations' custom fields on leads and clients; re-exported by ../tables.ts. Their
// values live in the `custom` JSONB column of `leads` and `clients`.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CustomFieldEntity, CustomFieldType } from '@leadline/shared/custom-fields';
import { createdAt, id, organizationId } from '../schema.ts';

/**
 * One field of an organisation's leads or clients. `key` is made from the first label and never
 * changes (unique per organisation and entity, deleted fields included, so a restore finds its
 * data). A deleted field (`deleted_at`) is hidden from everything; its values stay in the rows
 * until the daily purge, 30 days later, removes them with the field.
 */
export const customFields = pgTable(
  'custom_fields',
  {
    id: id(),
    organizationId: organizationId(),
    entity: text('entity').$type<CustomFieldEntity>().notNull(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    type: text('type').$type<CustomFieldType>().notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    hidden: boolean('hidden').notNull().default(false),
    position: integer('position').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('custom_fields_org_entity_key').on(t.organizationId, t.entity, t.key),
    index('custom_fields_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
  ],
);
