// The refused rows of an import as a CSV: each row's number, its problems and its cells as the
// file held them, so the user can fix them and upload them again.
import type { Db } from '../../db/connection.ts';
import type { FailedRow } from '../../db/tables/imports.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { findImportDetails } from './details-repo.ts';
import { cellText } from './read.ts';
import { loadOwnImport } from './own-import.ts';
import type { SheetRow } from './rows-source.ts';

/** A cell kept for the CSV: at most this many characters (the file is gone once read). */
const KEPT_CELL = 1000;

export const failedRow = (row: SheetRow): FailedRow => ({
  row: row.number,
  cells: row.cells.map((cell) => cellText(cell).slice(0, KEPT_CELL)),
});

/** A cell that a spreadsheet would run as a formula is written as text (a leading '). */
const csvCell = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** GET /api/imports/:id/failed-rows: the refused rows with their reasons, as CSV. */
export const failedRowsCsv = async (
  db: Db,
  actor: CurrentUser,
  id: string,
): Promise<{ filename: string; csv: string }> => {
  const job = await loadOwnImport(db, actor, id);
  const details = await findImportDetails(db, job.id);
  const reasons = new Map(job.errors.map((error) => [error.row, error.message]));
  const headers = details?.headers ?? [];
  const lines = [['Row', 'Problems', ...headers]];
  for (const row of details?.failedRows ?? [])
    lines.push([String(row.row), reasons.get(row.row) ?? '', ...row.cells]);
  const base = job.filename.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9._ -]/g, '_') || 'import';
  return {
    filename: `${base}-failed-rows.csv`,
    // A byte-order mark, so that a spreadsheet opens it as UTF-8.
    csv: `\uFEFF${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`,
  };
};
