// What an upload may hold once unpacked and read, so that a small file cannot make the server
// allocate gigabytes or spin for minutes. Every limit is checked before the work it bounds.
import { badRequest } from '../../lib/errors.ts';

const MB = 1024 * 1024;

/** All the parts of an .xlsx file together, unpacked (a 25 MB upload of real data is ~75 MB). */
export const MAX_UNPACKED_BYTES = 512 * MB;
/** One part read whole into memory (shared strings, styles, the workbook). */
export const MAX_HELD_PART_BYTES = 128 * MB;
/** One row: its characters in the file (XML for .xlsx, text for .csv). */
export const MAX_ROW_BYTES = 1 * MB;
/** The rows of a file, the header and blank rows included. */
export const MAX_ROWS = 1_000_000;
/** What may come before a worksheet's first row (column widths, views). */
export const MAX_SHEET_PREAMBLE_BYTES = 8 * MB;

export const CANNOT_READ = 'The file could not be read as a spreadsheet';

const megabytes = (bytes: number) => `${bytes / MB} MB`;

export const unpacksTooLarge = () =>
  badRequest(
    `The file unpacks to more than ${megabytes(MAX_UNPACKED_BYTES)}, the most an upload may hold. Split it into smaller files.`,
  );

export const partTooLarge = () =>
  badRequest(
    `A part of the file unpacks to more than ${megabytes(MAX_HELD_PART_BYTES)}, the most one part may hold. Split it into smaller files.`,
  );

/** A part that unpacks to more than its own header says: damaged or made to mislead. */
export const partLargerThanStated = () =>
  badRequest(`${CANNOT_READ}: a part of it unpacks to more than its stated size`);

export const rowTooLarge = (row: number) =>
  badRequest(
    `Row ${row} is larger than ${megabytes(MAX_ROW_BYTES)}, the most a row may hold. Shorten its cells.`,
  );

export const tooManyRows = () =>
  badRequest(
    `The file has more than ${MAX_ROWS.toLocaleString('en')} rows, the most one import takes. Split it into smaller files.`,
  );
