// A CSV file read a record at a time, as SheetJS reads it (same separator guess, same quoting),
// but decoded as UTF-8 when it is UTF-8 (SheetJS takes a file without a byte order mark as
// Latin-1, so "José" came out as "JosÃ©").
import { MAX_ROW_BYTES, rowTooLarge } from './limits.ts';
import type { RowSource, SheetRow } from './rows-source.ts';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const SEPARATORS = [0x2c, 0x3b, 0x09, 0x7c]; // , ; tab |

/** The file's text: UTF-8 (with or without BOM), UTF-16 with a BOM, otherwise Windows-1252. */
const csvText = (file: Buffer): string => {
  if (file[0] === 0xef && file[1] === 0xbb && file[2] === 0xbf) return file.toString('utf8', 3);
  if (file[0] === 0xff && file[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(file.subarray(2));
  if (file[0] === 0xfe && file[1] === 0xff)
    return new TextDecoder('utf-16be').decode(file.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    return new TextDecoder('windows-1252').decode(file);
  }
};

/**
 * A "sep=;" first line names the separator; otherwise the most frequent of , ; tab | outside
 * quotes in the first 1,024 characters (a comma when there is none).
 */
const separatorOf = (text: string): { separator: number; start: number } => {
  if (text.startsWith('sep=') && text.length > 4) {
    const after = text.charCodeAt(5);
    const end =
      after === CR && text.charCodeAt(6) === LF ? 7 : after === CR || after === LF ? 6 : 0;
    if (end > 0) return { separator: text.charCodeAt(4), start: end };
  }
  const counts = new Map<number, number>();
  let quoted = false;
  for (let i = 0; i < Math.min(text.length, 1024); i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) quoted = !quoted;
    else if (!quoted && SEPARATORS.includes(code)) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  let separator = SEPARATORS[0]!;
  for (const candidate of SEPARATORS)
    if ((counts.get(candidate) ?? 0) > (counts.get(separator) ?? 0)) separator = candidate;
  return { separator, start: 0 };
};

/** A field as written; one wrapped in quotes loses them, and its doubled quotes become one. */
const fieldValue = (text: string, start: number, end: number): string => {
  if (end - start >= 2 && text.charCodeAt(start) === QUOTE && text.charCodeAt(end - 1) === QUOTE)
    return text.slice(start + 1, end - 1).replaceAll('""', '"');
  return text.slice(start, end);
};

/**
 * Every record with its number (the header is record 1). A separator or line break inside a
 * field that starts with a quote belongs to the field. A record over MAX_ROW_BYTES is a 400.
 */
function* records(text: string): Generator<SheetRow> {
  const { separator, start } = separatorOf(text);
  let cells: string[] = [];
  let fieldStart = start;
  let quotedField = text.charCodeAt(start) === QUOTE;
  let inQuotes = false;
  let number = 0;
  let recordStart = start;
  for (let i = start; i <= text.length; i += 1) {
    const code = i < text.length ? text.charCodeAt(i) : LF;
    if (code === QUOTE) {
      if (quotedField) inQuotes = !inQuotes;
      continue;
    }
    if (inQuotes && i < text.length) continue;
    if (code !== separator && code !== LF && code !== CR) continue;
    if (i - recordStart > MAX_ROW_BYTES) throw rowTooLarge(number + 1);
    cells.push(fieldValue(text, fieldStart, i));
    if (code === CR && text.charCodeAt(i + 1) === LF) i += 1;
    fieldStart = i + 1;
    quotedField = text.charCodeAt(fieldStart) === QUOTE;
    if (code === separator) continue;
    // The end of the text after a final line break is no record.
    if (i >= text.length && cells.length === 1 && cells[0] === '') return;
    number += 1;
    yield { number, cells };
    cells = [];
    recordStart = fieldStart;
  }
}

async function* asyncRecords(text: string): AsyncGenerator<SheetRow> {
  yield* records(text);
}

/** About how many records there are: the line breaks, for the progress bar before the end. */
const countLines = (text: string): number => {
  const lineBreak = text.includes('\n') ? '\n' : '\r';
  let lines = text.length > 0 && !text.endsWith(lineBreak) ? 1 : 0;
  for (let at = text.indexOf(lineBreak); at !== -1; at = text.indexOf(lineBreak, at + 1))
    lines += 1;
  return lines;
};

export const csvSource = (file: Buffer): RowSource => {
  const text = csvText(file);
  return { rows: asyncRecords(text), lastRow: () => countLines(text) };
};
