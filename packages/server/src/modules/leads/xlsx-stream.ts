// A minimal .xlsx written as a stream: one worksheet of inline strings and numbers, a bold
// header row that stays in view, and nothing else. Every text is an inline string, never a
// formula, so a value such as "=HYPERLINK(...)" is shown as written and never run.
import { zipWriter } from './zip-stream.ts';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const TYPES = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

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
    // Style 0: the default; style 1: bold, for the header row.
    `${XML_HEAD}<styleSheet xmlns="${MAIN}">` +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>' +
      '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
      '<fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
      '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
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

const cell = (value: string | number, at: string): string => {
  if (typeof value === 'number') return `<c r="${at}"><v>${value}</v></c>`;
  if (value === '') return '';
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${at}" t="inlineStr"><is><t${space}>${cellXmlText(value)}</t></is></c>`;
};

const COLUMNS = Array.from({ length: 64 }, (_, index) => columnName(index));

/** One row's XML; empty texts are left out. */
const rowXml = (number: number, values: readonly (string | number)[]): string => {
  let cells = '';
  for (let index = 0; index < values.length; index += 1)
    cells += cell(values[index]!, `${COLUMNS[index] ?? columnName(index)}${number}`);
  return `<row r="${number}">${cells}</row>`;
};

/** The header row, bold (style 1). */
const headerXml = (values: readonly string[]): string =>
  rowXml(1, values).replaceAll('<c r=', '<c s="1" r=');

/**
 * About how much XML is deflated at a time. Kept well under V8's large-object size (128 KB):
 * small strings die young, where a batch's megabytes of XML would linger until a full GC.
 */
const CHUNK_CHARS = 32 * 1024;

async function* sheetXml(
  header: readonly string[],
  rows: AsyncIterable<(string | number)[][]>,
): AsyncGenerator<string> {
  yield (
    `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0">` +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    `</sheetView></sheetViews><sheetData>${headerXml(header)}`
  );
  let number = 1;
  for await (const batch of rows) {
    let xml = '';
    for (const values of batch) {
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
 * The bytes of an .xlsx file with one sheet: `header`, then the rows as they arrive, a batch at
 * a time. Pulled by its reader: the next batch is asked for only once the previous bytes are
 * taken, so a slow download holds back the database instead of filling memory.
 */
export async function* xlsxStream(
  sheetName: string,
  header: readonly string[],
  rows: AsyncIterable<(string | number)[][]>,
): AsyncGenerator<Buffer> {
  // Level 1: measured on a million leads, 69 s and 179 MB against the default's 88 s and 148 MB.
  const zip = zipWriter(1);
  for (const [name, content] of parts(sheetName)) yield* zip.entry(name, [content]);
  yield* zip.entry('xl/worksheets/sheet1.xml', sheetXml(header, rows));
  yield zip.finish();
}
