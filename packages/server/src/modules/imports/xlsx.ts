// The first worksheet of an .xlsx file read as it is inflated, a row at a time: the import
// starts inserting while the rest of the file is still compressed, and never holds the whole
// sheet's XML. Cell values come out as SheetJS gives them (strings, numbers, booleans, dates).
import { badRequest } from '../../lib/errors.ts';
import { CANNOT_READ, MAX_ROW_BYTES, MAX_SHEET_PREAMBLE_BYTES, rowTooLarge } from './limits.ts';
import type { RowSource, SheetRow } from './rows-source.ts';
import { openWorkbook } from './xlsx-parts.ts';
import type { Workbook } from './xlsx-parts.ts';
import { attribute, findElement, richText, rootPrefix, xmlText } from './xml.ts';
import { entryChunks } from './zip.ts';

const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(1899, 11, 30);

/**
 * A date cell's serial number as a date: days since 1899-12-30 (1904-01-01 in 1904 workbooks),
 * with Excel's phantom 1900-02-29 (serial 60) kept as a number, as SheetJS does.
 */
const serialDate = (serial: number, date1904: boolean): Date | number => {
  const days = date1904 ? serial + 1462 : serial;
  if (days >= 60 && days < 61) return days;
  return new Date(EPOCH + (days > 60 ? days : days + 1) * DAY_MS);
};

/** "BC12" -> 54 (zero-based column). */
const columnIndex = (ref: string): number => {
  let column = 0;
  for (let i = 0; i < ref.length; i += 1) {
    const code = ref.charCodeAt(i);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  return column - 1;
};

/** `name="..."` of a tag the common way round, else through the general parser. */
const quickAttribute = (tag: string, name: string): string | undefined => {
  const at = tag.indexOf(` ${name}="`);
  if (at === -1) return attribute(tag, name);
  const start = at + name.length + 3;
  return tag.slice(start, tag.indexOf('"', start));
};

/** The content of the first `<name ...>...</name>` element ('' when self-closing), if any. */
const elementContent = (xml: string, name: string): string | undefined => {
  const at = findElement(xml, name, 0);
  if (at === -1) return undefined;
  const open = xml.indexOf('>', at);
  if (open === -1) return undefined;
  if (xml.charCodeAt(open - 1) === 47) return '';
  const close = xml.indexOf(`</${name}>`, open);
  return close === -1 ? undefined : xml.slice(open + 1, close);
};

const cellValue = (tag: string, body: string, p: string, book: Workbook): unknown => {
  const type = quickAttribute(tag, 't') ?? 'n';
  if (type === 'inlineStr') {
    const inline = elementContent(body, `${p}is`);
    return inline === undefined ? undefined : richText(inline, p);
  }
  const raw = elementContent(body, `${p}v`);
  if (raw === undefined) return undefined;
  switch (type) {
    case 's':
      return book.sharedString(Number(raw));
    case 'str':
      return xmlText(raw);
    case 'b':
      return raw === '1' || raw === 'true';
    case 'e':
      return undefined;
    case 'd': {
      const date = new Date(raw);
      return Number.isNaN(date.getTime()) ? xmlText(raw) : date;
    }
    default: {
      const number = Number(raw);
      if (raw === '' || !Number.isFinite(number)) return xmlText(raw);
      return book.dateStyles[Number(quickAttribute(tag, 's') ?? 0)]
        ? serialDate(number, book.date1904)
        : number;
    }
  }
};

/** The cells of one <row>, at their columns (holes where a cell is absent or empty). */
const rowCells = (xml: string, p: string, book: Workbook): unknown[] => {
  const cells: unknown[] = [];
  let column = -1;
  for (let at = findElement(xml, `${p}c`, 0); at !== -1;) {
    const tagEnd = xml.indexOf('>', at);
    if (tagEnd === -1) break;
    const tag = xml.slice(at, tagEnd);
    const ref = quickAttribute(tag, 'r');
    column = ref ? columnIndex(ref) : column + 1;
    if (xml.charCodeAt(tagEnd - 1) === 47) {
      at = findElement(xml, `${p}c`, tagEnd);
      continue;
    }
    const close = xml.indexOf(`</${p}c>`, tagEnd);
    const end = close === -1 ? xml.length : close;
    const value = cellValue(tag, xml.slice(tagEnd + 1, end), p, book);
    if (value !== undefined) cells[column] = value;
    at = findElement(xml, `${p}c`, end);
  }
  return cells;
};

/** The last row a `<dimension ref="A1:N100001"/>` names. */
const dimensionLastRow = (xml: string, p: string): number | undefined => {
  const at = findElement(xml, `${p}dimension`, 0);
  if (at === -1) return undefined;
  const ref = attribute(xml.slice(at, xml.indexOf('>', at)), 'ref') ?? '';
  const last = Number(/(?<!\d)(\d+)$/.exec(ref)?.[1]);
  return Number.isFinite(last) && last > 0 ? last : undefined;
};

const SHEET_DATA = /<(\w+:)?sheetData[\s/>]/g;

/**
 * The worksheet's rows as it is inflated, in time linear in its size: the text kept between
 * chunks is at most the open row (1 MB, else a 400 naming it), and the search for its end goes
 * on from where the last chunk stopped. What lies between rows is dropped as it is passed, and
 * reading stops at the end of the sheet's data.
 */
async function* sheetRows(
  zip: Buffer,
  book: Workbook,
  found: { lastRow?: number },
): AsyncGenerator<SheetRow> {
  let p: string | undefined;
  let text = '';
  let previous = 0;
  // Within `text`, where the search for the open row's ">" and "</row>" goes on.
  let tagFrom = 0;
  let closeFrom = 0;
  for await (const chunk of entryChunks(zip, book.entries.get(book.sheetPath)!)) {
    text += chunk;
    if (p === undefined) {
      // Searched on from the end of the last chunk, less what may be a split "<x:sheetData".
      SHEET_DATA.lastIndex = Math.max(0, text.length - chunk.length - 256);
      const data = SHEET_DATA.exec(text);
      if (!data) {
        if (text.length > MAX_SHEET_PREAMBLE_BYTES) throw badRequest(CANNOT_READ);
        continue;
      }
      p = rootPrefix(text, 'worksheet');
      found.lastRow = dimensionLastRow(text.slice(0, data.index), p);
      text = text.slice(data.index);
    }
    const rowClose = `</${p}row>`;
    let at = 0;
    for (;;) {
      const open = findElement(text, `${p}row`, at);
      if (open === -1) {
        if (text.includes(`</${p}sheetData>`, at)) return;
        // Keep only what may be the start of the next "<row".
        at = Math.max(at, text.length - p.length - 4);
        break;
      }
      const tagEnd = text.indexOf('>', Math.max(open, tagFrom));
      const selfClosing = tagEnd !== -1 && text.charCodeAt(tagEnd - 1) === 47;
      const close =
        tagEnd === -1 || selfClosing ? tagEnd : text.indexOf(rowClose, Math.max(tagEnd, closeFrom));
      if (close === -1) {
        // The row goes on in the next chunk: search on from here, unless it is already too long.
        if (text.length - open > MAX_ROW_BYTES) {
          const r = tagEnd === -1 ? undefined : quickAttribute(text.slice(open, tagEnd), 'r');
          throw rowTooLarge(Number(r) || previous + 1);
        }
        tagFrom = tagEnd === -1 ? text.length : tagEnd;
        closeFrom = tagEnd === -1 ? 0 : Math.max(tagEnd, text.length - rowClose.length + 1);
        at = open;
        break;
      }
      tagFrom = 0;
      closeFrom = 0;
      const number = Number(quickAttribute(text.slice(open, tagEnd), 'r')) || previous + 1;
      if (close - open > MAX_ROW_BYTES) throw rowTooLarge(number);
      previous = number;
      at = selfClosing ? tagEnd + 1 : close + rowClose.length;
      if (!selfClosing) yield { number, cells: rowCells(text.slice(tagEnd + 1, close), p, book) };
    }
    text = text.slice(at);
    tagFrom = Math.max(0, tagFrom - at);
    closeFrom = Math.max(0, closeFrom - at);
  }
}

/**
 * The rows of an .xlsx file's first worksheet. Throws UnsupportedZip for what this reader
 * leaves to SheetJS (zip64, a binary .xlsb renamed, no XML workbook).
 */
export const xlsxSource = (zip: Buffer): RowSource => {
  const book = openWorkbook(zip);
  const found: { lastRow?: number } = {};
  return {
    rows: sheetRows(zip, book, found),
    lastRow: () => found.lastRow,
  };
};
