import { eq, sql } from 'drizzle-orm';
import type { ImportWarning } from '@leadline/shared/imports';
import type { Db } from '../../db/connection.ts';
import { importDetails } from '../../db/tables/imports.ts';
import type { FailedRow } from '../../db/tables/imports.ts';

export type ImportDetails = typeof importDetails.$inferSelect;

/** The header row and mapping an import runs with, stored with the import. */
export const saveImportDetails = async (
  db: Db,
  importId: string,
  plan: { headers: string[]; mapping: (string | null)[] },
) => {
  await db.insert(importDetails).values({ importId, ...plan });
};

export const findImportDetails = async (
  db: Db,
  importId: string,
): Promise<ImportDetails | undefined> => {
  const [row] = await db
    .select()
    .from(importDetails)
    .where(eq(importDetails.importId, importId))
    .limit(1);
  return row;
};

/**
 * A batch's warnings and refused rows, in the batch's transaction (a batch run again after a
 * crash adds nothing twice). Only the first `cap` of each are kept; the warning count is complete.
 */
export const addImportDetails = async (
  db: Db,
  importId: string,
  batch: { warnings: ImportWarning[]; failedRows: FailedRow[]; cap: number },
) => {
  if (batch.warnings.length === 0 && batch.failedRows.length === 0) return;
  const append = (
    column: typeof importDetails.warnings | typeof importDetails.failedRows,
    items: unknown[],
  ) =>
    sql`CASE WHEN jsonb_array_length(${column}) >= ${batch.cap} THEN ${column} ELSE ${column} || ${JSON.stringify(items)}::jsonb END`;
  await db
    .update(importDetails)
    .set({
      warningCount: sql`${importDetails.warningCount} + ${batch.warnings.length}`,
      warnings: append(importDetails.warnings, batch.warnings),
      failedRows: append(importDetails.failedRows, batch.failedRows),
    })
    .where(eq(importDetails.importId, importId));
};
