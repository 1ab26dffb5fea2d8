import * as XLSX from '@e965/xlsx';
import { badRequest } from '../../lib/errors.ts';
import { LABELS, REQUIRED_COLUMNS, matchHeaders } from './headers.ts';
import type { ImportKind } from './headers.ts';

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
        ? startsWith(buffer, OLE) ||
          startsWith(buffer, ZIP) ||
          !buffer.subarray(0, 4096).includes(0)
        : !buffer.subarray(0, 65536).includes(0);
  if (!ok) throw badRequest(`The file is not a valid .${extension} spreadsheet`);
  return extension;
};

export type Sheet = { headers: unknown[]; rows: unknown[][]; columns: Map<number, string> };

const parse = (buffer: Buffer, type: UploadType, sheetRows?: number): unknown[][] => {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(buffer, {
      type: 'buffer',
      dense: true,
      cellDates: true,
      cellFormula: false,
      cellHTML: false,
      // CSV cells are text: "00123" or "1e5" stay as written.
      raw: type === 'csv',
      ...(sheetRows ? { sheetRows } : {}),
    });
  } catch {
    throw badRequest('The file could not be read as a spreadsheet');
  }
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) throw badRequest('The file has no sheet to import');
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    blankrows: false,
    defval: '',
    raw: true,
  });
};

/** Reads the whole first sheet: a header row, then data rows. */
export const readSheet = (
  kind: ImportKind,
  buffer: Buffer,
  type: UploadType,
  sheetRows?: number,
): Sheet => {
  const [headers = [], ...rows] = parse(buffer, type, sheetRows);
  const columns = matchHeaders(kind, headers);
  const found = new Set(columns.values());
  const missing = REQUIRED_COLUMNS[kind].filter((field) => !found.has(field));
  if (missing.length > 0) {
    const labels = missing.map((field) => LABELS[kind][field]).join(', ');
    throw badRequest(`The file has no column for: ${labels}. The first row must name the columns.`);
  }
  return { headers, rows, columns };
};

/** The quick check done in the request: type, readability, headers, at least one data row. */
export const checkUpload = (kind: ImportKind, filename: string, buffer: Buffer): UploadType => {
  const type = detectType(filename, buffer);
  const { rows } = readSheet(kind, buffer, type, 3);
  if (rows.length === 0) throw badRequest('The file has no data rows');
  return type;
};

/** A cell as the text a field stores: dates as YYYY-MM-DD, numbers without exponent noise. */
export const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return String(value).trim();
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
