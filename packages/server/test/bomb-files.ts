// Spreadsheets that unpack to far more than they weigh, built without ever holding what they
// unpack to: a megabyte of "a" deflated once, its bytes repeated (each copy a complete deflate
// block that refers only to itself), between a deflated head and tail.
import { constants, deflateRawSync } from 'node:zlib';

const MIB = 1024 * 1024;
const FILL = Buffer.alloc(MIB, 'a');

type Part = { name: string; data: Buffer; size: number };

/** A part whose text is `head`, then `mebibytes` MiB of "a", then `tail`; `stated` may lie. */
export const bombPart = (
  name: string,
  head: string,
  mebibytes: number,
  tail: string,
  stated?: number,
): Part => {
  const flush = { level: 9, finishFlush: constants.Z_SYNC_FLUSH };
  const fill = deflateRawSync(FILL, flush);
  const data = Buffer.concat([
    deflateRawSync(Buffer.from(head), flush),
    ...Array.from({ length: mebibytes }, () => fill),
    deflateRawSync(Buffer.from(tail)),
  ]);
  const size = Buffer.byteLength(head) + mebibytes * MIB + Buffer.byteLength(tail);
  return { name, data, size: stated ?? size };
};

export const textPart = (name: string, text: string): Part => ({
  name,
  data: deflateRawSync(Buffer.from(text)),
  size: Buffer.byteLength(text),
});

/** A ZIP header of `length` bytes: its signature, then 16-bit fields at their offsets. */
const header = (length: number, signature: number, fields: [number, number][]): Buffer => {
  const buffer = Buffer.alloc(length);
  buffer.writeUInt32LE(signature, 0);
  for (const [at, value] of fields) buffer.writeUInt16LE(value, at);
  return buffer;
};

/** Compressed size, real (stated) size and name length, from `at` on (as ZIP lays them out). */
const writeSizes = (buffer: Buffer, at: number, part: Part, nameLength: number) => {
  buffer.writeUInt32LE(part.data.length, at);
  buffer.writeUInt32LE(part.size, at + 4);
  buffer.writeUInt16LE(nameLength, at + 8);
};

/** A ZIP file of deflated parts, each stated at its `size` (no CRC: the reader ignores it). */
export const zipOf = (parts: Part[]): Buffer => {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    // The local header and the central directory's entry carry the same fields at their own
    // offsets: version(s), method (8: deflate), compressed and real size, name length.
    const local = header(30, 0x04034b50, [
      [4, 20],
      [8, 8],
    ]);
    const central = header(46, 0x02014b50, [
      [4, 20],
      [6, 20],
      [10, 8],
    ]);
    writeSizes(local, 18, part, name.length);
    writeSizes(central, 20, part, name.length);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    directory.push(central, name);
    offset += 30 + name.length + part.data.length;
  }
  const centralDirectory = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDirectory, end]);
};

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An .xlsx file around the given worksheet and shared strings parts. */
export const workbookOf = (sheet: Part, sharedStrings?: Part): Buffer =>
  zipOf([
    textPart(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Leads" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    textPart(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/>` +
        `</Relationships>`,
    ),
    ...(sharedStrings ? [sharedStrings] : []),
    sheet,
  ]);

const cell = (column: string, row: number, text: string) =>
  `<c r="${column}${row}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** The header row of a lead import, as a worksheet row. */
export const HEADER_ROW = `<row r="1">${[
  'Company Name',
  'First Name',
  'Last Name',
  'Email',
  'Source',
]
  .map((text, index) => cell('ABCDE'[index]!, 1, text))
  .join('')}</row>`;

export const sheetXml = (rows: string, dimension = 'A1:E2') =>
  `<worksheet xmlns="${MAIN}"><dimension ref="${dimension}"/><sheetData>${rows}</sheetData></worksheet>`;

export const DATA_ROW = `<row r="2">${cell('A', 2, 'Acme')}${cell('B', 2, 'Ada')}${cell('C', 2, 'Lovelace')}${cell('D', 2, 'ada@acme.test')}${cell('E', 2, 'Referral')}</row>`;
