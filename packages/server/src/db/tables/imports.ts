// Tables of the import mapping step; re-exported by ../tables.ts.
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ImportWarning } from '@leadline/shared/imports';
import { createdAt, id, imports, organizationId, updatedAt, users } from '../schema.ts';

/** A refused row's cells as the file held them, for the CSV of failed rows. */
export type FailedRow = { row: number; cells: string[] };

/**
 * What an import was asked to do and what it found besides its counters: the file's header
 * row, the mapping it runs with, the rows it changed (warnings) and the cells of the rows it
 * refused (the first ones), kept after the file itself is dropped.
 */
export const importDetails = pgTable('import_details', {
  importId: uuid('import_id')
    .primaryKey()
    .references(() => imports.id, { onDelete: 'cascade' }),
  headers: jsonb('headers').$type<string[]>().notNull().default([]),
  mapping: jsonb('mapping').$type<(string | null)[]>().notNull().default([]),
  warningCount: integer('warning_count').notNull().default(0),
  warnings: jsonb('warnings').$type<ImportWarning[]>().notNull().default([]),
  failedRows: jsonb('failed_rows').$type<FailedRow[]>().notNull().default([]),
});

/**
 * Saved mappings, one per organisation, kind and header row (its normalised text): the mapping
 * step chooses the one whose headers match a new file.
 */
export const importPresets = pgTable(
  'import_presets',
  {
    id: id(),
    organizationId: organizationId(),
    kind: text('kind').$type<'leads' | 'clients'>().notNull(),
    headerKey: text('header_key').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    name: text('name').notNull(),
    mapping: jsonb('mapping').$type<(string | null)[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('import_presets_org_kind_headers_idx').on(t.organizationId, t.kind, t.headerKey),
    index('import_presets_org_idx').on(t.organizationId, t.kind, t.updatedAt),
  ],
);
