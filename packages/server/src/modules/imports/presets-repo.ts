import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { importPresets } from '../../db/tables/imports.ts';
import type { ImportKind } from './headers.ts';

export type PresetRow = typeof importPresets.$inferSelect;

export const listPresets = (db: Db, organizationId: string, kind: ImportKind) =>
  db
    .select()
    .from(importPresets)
    .where(and(eq(importPresets.organizationId, organizationId), eq(importPresets.kind, kind)))
    .orderBy(desc(importPresets.updatedAt))
    .limit(200);

export const findPresetByHeaders = async (
  db: Db,
  organizationId: string,
  kind: ImportKind,
  headerKey: string,
): Promise<PresetRow | undefined> => {
  const [row] = await db
    .select()
    .from(importPresets)
    .where(
      and(
        eq(importPresets.organizationId, organizationId),
        eq(importPresets.kind, kind),
        eq(importPresets.headerKey, headerKey),
      ),
    )
    .limit(1);
  return row;
};

/** One preset per organisation, kind and header row: saving again replaces it. */
export const upsertPreset = async (
  db: Db,
  values: {
    organizationId: string;
    kind: ImportKind;
    headerKey: string;
    headers: string[];
    name: string;
    mapping: (string | null)[];
    createdBy: string;
  },
): Promise<PresetRow> => {
  const [row] = await db
    .insert(importPresets)
    .values(values)
    .onConflictDoUpdate({
      target: [importPresets.organizationId, importPresets.kind, importPresets.headerKey],
      set: {
        name: values.name,
        headers: values.headers,
        mapping: values.mapping,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
};

export const deletePreset = async (
  db: Db,
  organizationId: string,
  kind: ImportKind,
  id: string,
): Promise<boolean> => {
  const rows = await db
    .delete(importPresets)
    .where(
      and(
        eq(importPresets.id, id),
        eq(importPresets.organizationId, organizationId),
        eq(importPresets.kind, kind),
      ),
    )
    .returning({ id: importPresets.id });
  return rows.length > 0;
};
