import { HttpError, badRequest } from '../../lib/errors.ts';
import { mappingProblems } from '@leadline/shared/import-rows';
import type { ColumnMapping } from '@leadline/shared/import-rows';
import type { ImportCustomField } from '@leadline/shared/import-custom';
import { LABELS, REQUIRED_COLUMNS, columnsOf, matchHeaders } from './headers.ts';
import type { ImportKind } from './headers.ts';
import { csvSource } from './csv.ts';
import { sheetjsSource } from './rows-source.ts';
import type { RowSource, SheetRow } from './rows-source.ts';
import { xlsxSource } from './xlsx.ts';
import { CANNOT_READ, MAX_ROWS, tooManyRows } from './limits.ts';
import { UnsupportedZip, checkZipForSheetJs } from './zip.ts';
import { withoutNul } from '../../lib/text.ts';

export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
export const UPLOAD_TYPES = ['.xlsx', '.xls', '.csv'] as const;
export type UploadType = 'xlsx' | 'xls' | 'csv';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (buffer: Buffer, magic: number[]) =>
  magic.every((byte, index) => buffer[index] === byte);

/** The file's type from its name, confirmed by its first bytes; anything else is a 400. */
export const detectType = (filename: string, buffer: Buffer): UploadType => {
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  if (extension !== 'xlsx' && extension !== 'xls' && extension !== 'csv') {
    throw badRequest('Please upload an .xlsx, .xls or .csv file');
  }
  if (buffer.length === 0) throw badRequest('The file is empty');
  const ok =
    extension === 'xlsx'
      ? startsWith(buffer, ZIP)
      : extension === 'xls'
        ? startsWith(buffer, OLE)
        : !buffer.subarray(0, 65536).includes(0);
  if (!ok && extension === 'xls')
    throw badRequest(
      'The file is not a valid .xls spreadsheet (Excel 97-2003). Save it as .xlsx or .csv and upload that.',
    );
  if (!ok) throw badRequest(`The file is not a valid .${extension} spreadsheet`);
  return extension;
};

/**
 * The rows of the file's first sheet: streamed for .xlsx and .csv, SheetJS for .xls and for
 * an .xlsx the streaming reader leaves alone, once its parts are known not to unpack past
 * their stated sizes (a zip64 file or an unknown compression is not read at all).
 */
const rowSource = (file: Buffer, type: UploadType): RowSource => {
  if (type === 'csv') return csvSource(file);
  if (type === 'xlsx') {
    try {
      return xlsxSource(file);
    } catch (error) {
      if (!(error instanceof UnsupportedZip)) throw error;
    }
    try {
      checkZipForSheetJs(file);
    } catch (error) {
      if (error instanceof UnsupportedZip) throw badRequest(CANNOT_READ);
      throw error;
    }
  }
  return sheetjsSource(file);
};

const isBlank = (cells: readonly unknown[]) =>
  cells.every((cell) => cell === undefined || cell === null || cell === '');

/** The rows that are not blank; a 400 past MAX_ROWS rows (blank ones counted: they cost too). */
async function* nonBlankRows(source: RowSource): AsyncGenerator<SheetRow> {
  for (let read = 0; ; read += 1) {
    let next: IteratorResult<SheetRow>;
    try {
      next = await source.rows.next();
    } catch (error) {
      throw error instanceof HttpError ? error : badRequest(CANNOT_READ);
    }
    if (next.done) return;
    if (read >= MAX_ROWS) throw tooManyRows();
    if (!isBlank(next.value.cells)) yield next.value;
  }
}

export type Sheet = {
  headers: unknown[];
  /** Column index -> field. */
  columns: Map<number, string>;
  /** The data rows below the header, blank rows left out, read as they are asked for. */
  rows: AsyncGenerator<SheetRow>;
  /** About how many data rows there are (the file's own account); counted exactly as read. */
  estimatedRows: () => number;
};

/** The first sheet's header row (the first row that is not blank) and the rows below it. */
export const openRows = async (file: Buffer, type: UploadType) => {
  let source: RowSource;
  try {
    source = rowSource(file, type);
  } catch (error) {
    throw error instanceof HttpError ? error : badRequest(CANNOT_READ);
  }
  const rows = nonBlankRows(source);
  const first = await rows.next();
  // The file's own account of its length, known once its top is read: over the limit, a 400 now.
  if ((source.lastRow() ?? 0) > MAX_ROWS) {
    await rows.return(undefined);
    throw tooManyRows();
  }
  const header = first.done ? undefined : first.value;
  return {
    headers: header?.cells ?? [],
    rows,
    estimatedRows: () => Math.max(0, (source.lastRow() ?? 0) - (header?.number ?? 0)),
  };
};

/** The columns a mapping chosen on the mapping step fills; a 400 naming what is wrong with it. */
const chosenColumns = (
  kind: ImportKind,
  headers: unknown[],
  mapping: ColumnMapping,
  customFields: readonly ImportCustomField[],
) => {
  if (mapping.length !== headers.length)
    throw badRequest(
      `The mapping names ${mapping.length} columns but the file has ${headers.length}. Preview the file again.`,
    );
  const problems = mappingProblems(kind, mapping, customFields);
  if (problems.length > 0) throw badRequest(problems.join('. '));
  return columnsOf(mapping);
};

/**
 * Opens the first sheet: with no `mapping`, its header row must name every required column;
 * with one, the mapping must fit the header row and give every required field a column (a
 * custom field it names must be one of `customFields`). The rows below are read only as they
 * are asked for.
 */
export const openSheet = async (
  kind: ImportKind,
  file: Buffer,
  type: UploadType,
  mapping?: ColumnMapping,
  customFields: readonly ImportCustomField[] = [],
): Promise<Sheet> => {
  const { headers, rows, estimatedRows } = await openRows(file, type);
  let columns: Map<number, string>;
  try {
    columns = mapping
      ? chosenColumns(kind, headers, mapping, customFields)
      : matchHeaders(kind, headers, customFields);
  } catch (error) {
    await rows.return(undefined);
    throw error;
  }
  const found = new Set(columns.values());
  const missing = REQUIRED_COLUMNS[kind].filter((field) => !found.has(field));
  if (missing.length > 0) {
    await rows.return(undefined);
    const labels = missing.map((field) => LABELS[kind][field]).join(', ');
    throw badRequest(`The file has no column for: ${labels}. The first row must name the columns.`);
  }
  return { headers, columns, rows, estimatedRows };
};

/**
 * The check done in the request: type, readability, headers, at least one data row. Only the
 * top of the file is read; the job reads the rest.
 */
export const checkUpload = async (
  kind: ImportKind,
  filename: string,
  file: Buffer,
  mapping?: ColumnMapping,
  customFields: readonly ImportCustomField[] = [],
): Promise<UploadType> => {
  const type = detectType(filename, file);
  const sheet = await openSheet(kind, file, type, mapping, customFields);
  const first = await sheet.rows.next();
  await sheet.rows.return(undefined);
  if (first.done) throw badRequest('The file has no data rows');
  return type;
};

/** A cell as the text a field stores: dates as YYYY-MM-DD, numbers without exponent noise. */
export const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return withoutNul(String(value)).trim();
};

/** One data row as a record of the matched fields. */
export const rowRecord = (
  row: readonly unknown[],
  columns: Map<number, string>,
): Record<string, string> => {
  const record: Record<string, string> = {};
  for (const [index, field] of columns) record[field] = cellText(row[index]);
  return record;
};
