import * as XLSX from '@e965/xlsx';
import { badRequest } from '../../lib/errors.ts';
import { MAX_ROWS, MAX_ROW_BYTES, rowTooLarge, tooManyRows } from './limits.ts';

/** One row of a spreadsheet: its number as the spreadsheet shows it, and its cells by column. */
export type SheetRow = { number: number; cells: unknown[] };

/** A spreadsheet's rows in order, read as they are asked for. */
export type RowSource = {
  rows: AsyncIterator<SheetRow>;
  /** The number of the last row, from the file's own account, once the header has been read. */
  lastRow: () => number | undefined;
};

async function* fromArray(rows: SheetRow[]): AsyncGenerator<SheetRow> {
  yield* rows;
}

/** About how many characters a row holds. */
const rowLength = (cells: unknown[]): number => {
  let length = 0;
  for (const cell of cells) length += cell === undefined || cell === null ? 1 : String(cell).length;
  return length;
};

/**
 * The whole first sheet read by SheetJS at once: .xls files, and .xlsx files the streaming
 * reader leaves alone (zip64, a binary .xlsb under an .xlsx name). Throws if SheetJS cannot
 * read it either.
 */
export const sheetjsSource = (file: Buffer): RowSource => {
  const workbook = XLSX.read(file, {
    type: 'buffer',
    dense: true,
    cellDates: true,
    cellFormula: false,
    cellHTML: false,
  });
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) throw badRequest('The file has no sheet to import');
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    blankrows: true,
    raw: true,
  });
  if (rows.length > MAX_ROWS) throw tooManyRows();
  // With blank rows kept, the rows follow one another from the sheet's first used row.
  const first = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']).s.r + 1 : 1;
  const numbered = rows.map((cells, index) => ({ number: first + index, cells }));
  for (const row of numbered)
    if (rowLength(row.cells) > MAX_ROW_BYTES) throw rowTooLarge(row.number);
  return { rows: fromArray(numbered), lastRow: () => numbered.at(-1)?.number };
};
