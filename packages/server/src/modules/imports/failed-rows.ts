// The refused rows of an import as a CSV: each row's number, its problems and its cells as the
// file held them, so the user can fix them and upload them again.
import type { Db } from '../../db/connection.ts';
import type { FailedRow } from '../../db/tables/imports.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { findImportDetails } from './details-repo.ts';
import { cellText } from './read.ts';
import { loadOwnImport } from './own-import.ts';
import type { SheetRow } from './rows-source.ts';

/** The header of the failed-rows file's first column. */
export const FAILED_ROWS_REASON = 'Import problem';

/** A cell kept for the CSV: at most this many characters (the file is gone once read). */
const KEPT_CELL = 1000;

export const failedRow = (row: SheetRow): FailedRow => ({
  row: row.number,
  cells: row.cells.map((cell) => cellText(cell).slice(0, KEPT_CELL)),
});

/** Digits, spaces and the marks of a phone number or an amount: what a +, - is followed by there. */
const NUMBER_LIKE = /^[+-][\d\s().,/-]*$/;

/**
 * A cell as written in the file, quoted for CSV. Only a cell a spreadsheet would run as a
 * formula gets a leading apostrophe: one starting with =, @, a tab or a carriage return, or a
 * + or - followed by more than a number. A phone such as `+49 (30) 555-0101` or an amount such
 * as `-5` is opened as a number or as text, never run, and an apostrophe there would change the
 * value the user uploaded (and make the row fail again when it is imported once more).
 */
const csvCell = (value: string): string => {
  const runs = /^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !NUMBER_LIKE.test(value));
  const safe = runs ? `'${value}` : value;
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
  // The file as uploaded with one first column, the reason (and the row it was in the file): a
  // column whose header names no field, so the fixed file imports as it is.
  const lines = [[FAILED_ROWS_REASON, ...headers]];
  for (const row of details?.failedRows ?? [])
    lines.push([`Row ${row.row}: ${reasons.get(row.row) ?? ''}`, ...row.cells]);
  const base = job.filename.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9._ -]/g, '_') || 'import';
  return {
    filename: `${base}-failed-rows.csv`,
    // A byte-order mark, so that a spreadsheet opens it as UTF-8.
    csv: `\uFEFF${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`,
  };
};
