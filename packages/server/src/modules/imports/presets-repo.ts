import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { importPresets } from '../../db/tables/imports.ts';
import type { ImportKind } from './headers.ts';
import type { DateOrder } from '@leadline/shared/imports';

/**
 * A preset with the choices kept beside its mapping: the date order and the Owner set to
 * round-robin, stored after the mapping's entries (one per column) as "@dateOrder:dmy" and
 * "@owner:roundRobin", as an import's details keep theirs.
 */
export type PresetRow = typeof importPresets.$inferSelect & {
  dateOrder?: DateOrder;
  roundRobin: boolean;
};

const DATE_ORDER = '@dateOrder:';
const ROUND_ROBIN = '@owner:roundRobin';

const isChoice = (entry: string | null) => entry?.startsWith('@') === true;

const presetOf = (row: typeof importPresets.$inferSelect): PresetRow => {
  const order = row.mapping
    .find((entry) => entry?.startsWith(DATE_ORDER))
    ?.slice(DATE_ORDER.length);
  return {
    ...row,
    mapping: row.mapping.filter((entry) => !isChoice(entry)),
    ...(order === 'dmy' || order === 'mdy' ? { dateOrder: order } : {}),
    roundRobin: row.mapping.includes(ROUND_ROBIN),
  };
};

const storedMapping = (values: {
  mapping: (string | null)[];
  dateOrder?: DateOrder;
  roundRobin?: boolean;
}) => [
  ...values.mapping,
  ...(values.dateOrder ? [`${DATE_ORDER}${values.dateOrder}`] : []),
  ...(values.roundRobin ? [ROUND_ROBIN] : []),
];

export const listPresets = async (db: Db, organizationId: string, kind: ImportKind) =>
  (
    await db
      .select()
      .from(importPresets)
      .where(and(eq(importPresets.organizationId, organizationId), eq(importPresets.kind, kind)))
      .orderBy(desc(importPresets.updatedAt))
      .limit(200)
  ).map(presetOf);

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
  return row ? presetOf(row) : undefined;
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
    dateOrder?: DateOrder;
    roundRobin?: boolean;
    createdBy: string;
  },
): Promise<PresetRow> => {
  const { dateOrder: _order, roundRobin: _roundRobin, ...row } = values;
  const mapping = storedMapping(values);
  const [saved] = await db
    .insert(importPresets)
    .values({ ...row, mapping })
    .onConflictDoUpdate({
      target: [importPresets.organizationId, importPresets.kind, importPresets.headerKey],
      set: {
        name: values.name,
        headers: values.headers,
        mapping,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return presetOf(saved!);
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
