import { eq, sql } from 'drizzle-orm';
import type { DateOrder, ImportWarning } from '@leadline/shared/imports';
import type { Db } from '../../db/connection.ts';
import { importDetails } from '../../db/tables/imports.ts';
import type { FailedRow } from '../../db/tables/imports.ts';

/** The stored details; `roundRobin`: the users the new leads are spread over, in turn. */
export type ImportDetails = typeof importDetails.$inferSelect & {
  roundRobin: string[];
  dateOrder?: DateOrder;
};

/**
 * The round-robin owners are kept after the mapping's entries (one per column of the file),
 * each as "@owner:<user id>", so that a resumed import spreads the rows as the first run did
 * without a column of their own.
 */
const ROUND_ROBIN = '@owner:';
/** The date order chosen on the mapping step, kept the same way as "@dateOrder:dmy". */
const DATE_ORDER = '@dateOrder:';

/** The header row and mapping an import runs with (and its round-robin owners), stored with the import. */
export const saveImportDetails = async (
  db: Db,
  importId: string,
  plan: {
    headers: string[];
    mapping: (string | null)[];
    roundRobin?: readonly string[];
    dateOrder?: DateOrder;
  },
) => {
  const owners = (plan.roundRobin ?? []).map((id) => `${ROUND_ROBIN}${id}`);
  const order = plan.dateOrder ? [`${DATE_ORDER}${plan.dateOrder}`] : [];
  await db
    .insert(importDetails)
    .values({ importId, headers: plan.headers, mapping: [...plan.mapping, ...owners, ...order] });
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
  if (!row) return undefined;
  const isOwner = (entry: string | null) => entry?.startsWith(ROUND_ROBIN) === true;
  const isOrder = (entry: string | null) => entry?.startsWith(DATE_ORDER) === true;
  const order = row.mapping.find(isOrder)?.slice(DATE_ORDER.length);
  return {
    ...row,
    ...(order === 'dmy' || order === 'mdy' ? { dateOrder: order } : {}),
    mapping: row.mapping.filter((entry) => !isOwner(entry) && !isOrder(entry)),
    roundRobin: row.mapping.filter(isOwner).map((entry) => entry!.slice(ROUND_ROBIN.length)),
  };
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
