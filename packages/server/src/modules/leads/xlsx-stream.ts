// A minimal .xlsx written as a stream: one worksheet of text, numbers and dates, a bold header
// row that stays in view, column widths fitted to the first rows, and nothing else. Every text
// is an inline string in the text format ("@"), never a formula, so "=HYPERLINK(...)" is shown
// as written and never run, and "+0044 123" or "00123" stay text instead of becoming numbers.
import { zipWriter } from './zip-stream.ts';

/** A cell's value: text, a number, a date and time (written in UTC), or nothing. */
export type XlsxValue = string | number | Date | null;

/**
 * A column: its header and what it holds. Its cells take their type from their values; the
 * column's own format (text or date) is what Excel gives a value typed into an empty cell.
 */
export type XlsxColumn = { header: string; type?: 'text' | 'number' | 'date' };

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const TYPES = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const DATE_FORMAT_ID = 164;
const STYLE = { header: 1, text: 2, date: 3 } as const;

const parts = (sheetName: string): [string, string][] => [
  [
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="/xl/workbook.xml" ContentType="${TYPES}.sheet.main+xml"/>` +
      `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${TYPES}.worksheet+xml"/>` +
      `<Override PartName="/xl/styles.xml" ContentType="${TYPES}.styles+xml"/>` +
      '</Types>',
  ],
  [
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="${RELS}">` +
      `<Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/>` +
      '</Relationships>',
  ],
  [
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}">` +
      `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="${RELS}">` +
      `<Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${DOC_RELS}/styles" Target="styles.xml"/>` +
      '</Relationships>',
  ],
  [
    'xl/styles.xml',
    // Styles (cellXfs): 0 the default, 1 bold (the header row), 2 text ("@", numFmtId 49),
    // 3 a date and time (yyyy-mm-dd hh:mm).
    `${XML_HEAD}<styleSheet xmlns="${MAIN}">` +
      `<numFmts count="1"><numFmt numFmtId="${DATE_FORMAT_ID}" formatCode="yyyy-mm-dd hh:mm"/></numFmts>` +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>' +
      '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
      '<fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
      '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
      '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
      `<xf numFmtId="${DATE_FORMAT_ID}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
      '</cellXfs>' +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>',
  ],
];

const XML_SPECIAL = /[&<>"]/g;
const XML_SPECIAL_TEST = /[&<>"]/;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// Characters XML 1.0 cannot hold, and text that reads as an _xHHHH_ escape.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const OOXML_ESCAPE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|_(?=x[0-9A-Fa-f]{4}_)/g;
// eslint-disable-next-line no-control-regex -- as above
const OOXML_ESCAPE_TEST = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|_x[0-9A-Fa-f]{4}_/;

const escapeXml = (text: string): string =>
  XML_SPECIAL_TEST.test(text) ? text.replace(XML_SPECIAL, (char) => ENTITY[char]!) : text;

/** A text as a cell holds it: XML-escaped, with OOXML's _xHHHH_ for what XML cannot hold. */
const cellXmlText = (text: string): string => {
  const safe = OOXML_ESCAPE_TEST.test(text)
    ? text.replace(
        OOXML_ESCAPE,
        (char) => `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
      )
    : text;
  return escapeXml(safe);
};

/** 0 -> "A", 25 -> "Z", 26 -> "AA". */
const columnName = (index: number): string => {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

const DAY_MS = 86_400_000;
/** Days from Excel's epoch (1899-12-30) to 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25_569;

/** A date as Excel's serial number (days and fraction since 1899-12-30), in UTC. */
export const excelSerial = (date: Date): number => date.getTime() / DAY_MS + UNIX_EPOCH_SERIAL;

const textCell = (text: string, at: string, style: number): string => {
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${at}" s="${style}" t="inlineStr"><is><t${space}>${cellXmlText(text)}</t></is></c>`;
};

const cell = (value: XlsxValue, at: string): string => {
  if (typeof value === 'number') return `<c r="${at}"><v>${value}</v></c>`;
  if (value === null || value === '') return '';
  if (value instanceof Date)
    return `<c r="${at}" s="${STYLE.date}"><v>${excelSerial(value)}</v></c>`;
  return textCell(value, at, STYLE.text);
};

const COLUMNS = Array.from({ length: 64 }, (_, index) => columnName(index));
const columnAt = (index: number): string => COLUMNS[index] ?? columnName(index);

/** One row's XML; empty texts are left out. */
const rowXml = (number: number, values: readonly XlsxValue[]): string => {
  let cells = '';
  for (let index = 0; index < values.length; index += 1)
    cells += cell(values[index]!, `${columnAt(index)}${number}`);
  return `<row r="${number}">${cells}</row>`;
};

/** The header row, bold. */
const headerXml = (columns: readonly XlsxColumn[]): string =>
  `<row r="1">${columns.map((column, index) => textCell(column.header, `${columnAt(index)}1`, STYLE.header)).join('')}</row>`;

/** Characters a value shows as: a date as "yyyy-mm-dd hh:mm". */
const shownLength = (value: XlsxValue): number =>
  value instanceof Date ? 16 : value === null ? 0 : String(value).length;

const MIN_WIDTH = 8;
const MAX_WIDTH = 50;

/**
 * Column widths (in characters) that fit the header and most of the first rows: the longest
 * of the header and the 90th percentile of the sampled values, plus a little padding, kept
 * between MIN_WIDTH and MAX_WIDTH (a long note wraps out of view rather than widening the
 * sheet).
 */
export const fittedWidths = (
  columns: readonly XlsxColumn[],
  sample: readonly (readonly XlsxValue[])[],
): number[] =>
  columns.map((column, index) => {
    const lengths = sample
      .map((values) => shownLength(values[index] ?? null))
      .sort((a, b) => a - b);
    const typical = lengths.length ? lengths[Math.ceil((lengths.length - 1) * 0.9)]! : 0;
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, column.header.length + 2, typical + 2));
  });

const columnStyle = (column: XlsxColumn): string =>
  column.type === 'number' ? '' : ` style="${column.type === 'date' ? STYLE.date : STYLE.text}"`;

const colsXml = (columns: readonly XlsxColumn[], widths: readonly number[]): string =>
  `<cols>${columns
    .map(
      (column, index) =>
        `<col min="${index + 1}" max="${index + 1}" width="${widths[index]}" customWidth="1"${columnStyle(column)}/>`,
    )
    .join('')}</cols>`;

/**
 * About how much XML is deflated at a time. Kept well under V8's large-object size (128 KB):
 * small strings die young, where a batch's megabytes of XML would linger until a full GC.
 */
const CHUNK_CHARS = 32 * 1024;

async function* sheetXml(
  columns: readonly XlsxColumn[],
  rows: AsyncIterable<XlsxValue[][]>,
): AsyncGenerator<string> {
  // The first batch is read before the sheet starts: its rows size the columns.
  const batches = rows[Symbol.asyncIterator]();
  const first = await batches.next();
  const sample = first.done ? [] : first.value;
  yield (
    `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0">` +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    `</sheetView></sheetViews>${colsXml(columns, fittedWidths(columns, sample))}` +
    `<sheetData>${headerXml(columns)}`
  );
  let number = 1;
  for (let next = first; !next.done; next = await batches.next()) {
    let xml = '';
    for (const values of next.value) {
      number += 1;
      xml += rowXml(number, values);
      if (xml.length >= CHUNK_CHARS) {
        yield xml;
        xml = '';
      }
    }
    if (xml) yield xml;
  }
  yield '</sheetData></worksheet>';
}

/**
 * The bytes of an .xlsx file with one sheet: `header` (a plain string is a text column), then
 * the rows as they arrive, a batch at a time. Pulled by its reader: the next batch is asked for only once the previous bytes are
 * taken, so a slow download holds back the database instead of filling memory.
 */
export async function* xlsxStream(
  sheetName: string,
  header: readonly (string | XlsxColumn)[],
  rows: AsyncIterable<XlsxValue[][]>,
): AsyncGenerator<Buffer> {
  const columns = header.map((column) =>
    typeof column === 'string' ? { header: column } : column,
  );
  // Level 1: measured on a million leads, 69 s and 179 MB against the default's 88 s and 148 MB.
  const zip = zipWriter(1);
  for (const [name, content] of parts(sheetName)) yield* zip.entry(name, [content]);
  yield* zip.entry('xl/worksheets/sheet1.xml', sheetXml(columns, rows));
  yield zip.finish();
}
