// The parts of an .xlsx file around its first worksheet: where that sheet is, its shared
// strings, which cell styles are dates, and the workbook's date system.
import { attribute, findElement, richText, rootPrefix } from './xml.ts';
import { UnsupportedZip, entryText, zipEntries } from './zip.ts';

type Entries = ReturnType<typeof zipEntries>;

/** "xl/workbook.xml" + "worksheets/sheet1.xml" -> "xl/worksheets/sheet1.xml" ("/x" is absolute). */
const resolvePath = (from: string, target: string): string => {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
};

const relsPath = (part: string) => {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
};

type Relationship = { id: string; type: string; target: string };

const relationships = (zip: Buffer, entries: Entries, part: string): Relationship[] => {
  const entry = entries.get(relsPath(part));
  if (!entry) return [];
  const xml = entryText(zip, entry);
  const p = rootPrefix(xml, 'Relationships');
  const found: Relationship[] = [];
  for (let at = findElement(xml, `${p}Relationship`, 0); at !== -1;) {
    const end = xml.indexOf('>', at);
    const tag = xml.slice(at, end);
    found.push({
      id: attribute(tag, 'Id') ?? '',
      type: attribute(tag, 'Type') ?? '',
      target: resolvePath(part, attribute(tag, 'Target') ?? ''),
    });
    at = findElement(xml, `${p}Relationship`, end);
  }
  return found;
};

const ofType = (list: Relationship[], type: string) =>
  list.find((relationship) => relationship.type.endsWith(`/${type}`));

// Built-in number formats that show dates or times (ECMA-376 18.8.30, and the East Asian ones).
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
]);

/** Whether a number format shows a date or time ("yyyy-mm-dd", "[h]:mm"), not a number. */
export const isDateFormat = (code: string): boolean => {
  const bare = code
    .replace(/"[^"]*"/g, '') // quoted text
    .replace(/\\./g, '') // escaped characters
    .replace(/[_*]./g, '') // padding
    .replace(/\[(?![hms]+\])[^[\]]*\]/gi, '') // colours, conditions, locales (not [h] [mm] [ss])
    .replace(/general/gi, '')
    .replace(/[0#?.][0#?.,E+\-%]*/gi, ''); // digits and exponents ("0.00E+00")
  return /[dmyhseg]|a\/p|am\/pm|上午\/下午|b[12]/i.test(bare);
};

/** For each cell style (the `s` of a cell), whether its number format is a date. */
const dateStyles = (zip: Buffer, entries: Entries, path: string | undefined): boolean[] => {
  const entry = path ? entries.get(path) : undefined;
  if (!entry) return [];
  const xml = entryText(zip, entry);
  const p = rootPrefix(xml, 'styleSheet');
  const custom = new Map<number, string>();
  for (let at = findElement(xml, `${p}numFmt`, 0); at !== -1;) {
    const tag = xml.slice(at, xml.indexOf('>', at));
    custom.set(Number(attribute(tag, 'numFmtId')), attribute(tag, 'formatCode') ?? '');
    at = findElement(xml, `${p}numFmt`, at + 1);
  }
  const start = findElement(xml, `${p}cellXfs`, 0);
  const end = xml.indexOf(`</${p}cellXfs>`, start);
  if (start === -1 || end === -1) return [];
  const styles: boolean[] = [];
  for (let at = findElement(xml, `${p}xf`, start); at !== -1 && at < end;) {
    const id = Number(attribute(xml.slice(at, xml.indexOf('>', at)), 'numFmtId') ?? 0);
    const code = custom.get(id);
    styles.push(code === undefined ? DATE_FORMAT_IDS.has(id) : isDateFormat(code));
    at = findElement(xml, `${p}xf`, at + 1);
  }
  return styles;
};

/**
 * The shared strings, parsed only as far as the cells ask: checking an upload's header reads
 * a handful of them, not the hundred thousand the rows below use.
 */
export const sharedStrings = (xml: string) => {
  const p = rootPrefix(xml, 'sst');
  const strings: string[] = [];
  let at = findElement(xml, `${p}si`, 0);
  return (index: number): string => {
    while (strings.length <= index && at !== -1) {
      const open = xml.indexOf('>', at);
      if (xml.charCodeAt(open - 1) === 47) {
        strings.push('');
        at = findElement(xml, `${p}si`, open);
        continue;
      }
      const close = xml.indexOf(`</${p}si>`, open);
      if (close === -1) break;
      strings.push(richText(xml.slice(open + 1, close), p));
      at = findElement(xml, `${p}si`, close);
    }
    return strings[index] ?? '';
  };
};

export type Workbook = {
  entries: Entries;
  sheetPath: string;
  sharedString: (index: number) => string;
  dateStyles: boolean[];
  /** Dates count days from 1904-01-01 instead of 1899-12-30 (old Mac files). */
  date1904: boolean;
};

/** The first worksheet of an .xlsx file and what reading its cells needs. */
export const openWorkbook = (zip: Buffer): Workbook => {
  const entries = zipEntries(zip);
  const bookPath =
    ofType(relationships(zip, entries, ''), 'officeDocument')?.target ?? 'xl/workbook.xml';
  const book = entries.get(bookPath);
  if (!book || !bookPath.endsWith('.xml')) throw new UnsupportedZip('no XML workbook');
  const xml = entryText(zip, book);
  const p = rootPrefix(xml, 'workbook');
  const sheetAt = findElement(xml, `${p}sheet`, 0);
  const bookProperties = findElement(xml, `${p}workbookPr`, 0);
  const links = relationships(zip, entries, bookPath);
  // The relationship id, r:id in whatever prefix the file gives that namespace.
  const sheetId =
    sheetAt === -1
      ? undefined
      : /\s[\w.-]+:id\s*=\s*"([^"]*)"/.exec(xml.slice(sheetAt, xml.indexOf('>', sheetAt)))?.[1];
  const sheetPath = links.find((link) => link.id === sheetId)?.target;
  if (!sheetPath || !entries.has(sheetPath)) throw new UnsupportedZip('no first worksheet');
  const strings = ofType(links, 'sharedStrings');
  const stringsEntry = strings ? entries.get(strings.target) : undefined;
  const date1904 =
    bookProperties !== -1 &&
    /^(1|true)$/.test(
      attribute(xml.slice(bookProperties, xml.indexOf('>', bookProperties)), 'date1904') ?? '',
    );
  return {
    entries,
    sheetPath,
    sharedString: stringsEntry ? sharedStrings(entryText(zip, stringsEntry)) : () => '',
    dateStyles: dateStyles(zip, entries, ofType(links, 'styles')?.target),
    date1904,
  };
};
