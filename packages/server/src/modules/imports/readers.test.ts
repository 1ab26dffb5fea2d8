import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxStream } from '../leads/xlsx-stream.ts';
import { zipWriter } from '../leads/zip-stream.ts';
import { csvSource } from './csv.ts';
import { cellText } from './read.ts';
import type { RowSource, SheetRow } from './rows-source.ts';
import { xlsxSource } from './xlsx.ts';
import { isDateFormat } from './xlsx-parts.ts';
import { UnsupportedZip } from './zip.ts';

const all = async (source: RowSource): Promise<SheetRow[]> => {
  const rows: SheetRow[] = [];
  for (let next = await source.rows.next(); !next.done; next = await source.rows.next())
    rows.push(next.value);
  return rows;
};

/** Rows as the import sees them: numbered, each cell as its text, blank rows left out. */
const asText = (rows: SheetRow[]) =>
  rows
    .map((row) => ({ number: row.number, cells: Array.from(row.cells, (cell) => cellText(cell)) }))
    .filter((row) => row.cells.some((cell) => cell !== ''))
    .map((row) => {
      while (row.cells.at(-1) === '') row.cells.pop();
      return row;
    });

/** The same file read by SheetJS (the reader the import used before, still used for .xls). */
const bySheetJs = (file: Buffer) => {
  const book = XLSX.read(file, { type: 'buffer', dense: true, cellDates: true });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    blankrows: true,
    raw: true,
  });
  const first = XLSX.utils.decode_range(sheet['!ref']!).s.r + 1;
  return asText(rows.map((cells, index) => ({ number: first + index, cells })));
};

const collect = async (chunks: AsyncIterable<Buffer>) => {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
};

describe('CSV reader', () => {
  const read = async (text: string | Buffer) =>
    asText(await all(csvSource(Buffer.isBuffer(text) ? text : Buffer.from(text))));

  it('reads UTF-8 with or without a byte order mark, UTF-16, and falls back to Windows-1252', async () => {
    const expected = [
      { number: 1, cells: ['Name', 'City'] },
      { number: 2, cells: ['José', 'Zürich'] },
    ];
    const text = 'Name,City\nJosé,Zürich\n';
    expect(await read(text)).toEqual(expected);
    expect(await read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toEqual(
      expected,
    );
    expect(
      await read(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])),
    ).toEqual(expected);
    expect(await read(Buffer.from(text, 'latin1'))).toEqual(expected);
  });

  it('takes quoted separators, quotes and line breaks, any line ending, and numbers rows as a spreadsheet does', async () => {
    const text =
      'A,B,C\r\n"x, ""y""",2,"two\r\nlines"\r\n\r\n,,\r\n  ,z\r"q" tail,"unterminated\nend';
    expect(await read(text)).toEqual([
      { number: 1, cells: ['A', 'B', 'C'] },
      { number: 2, cells: ['x, "y"', '2', 'two\r\nlines'] },
      // (The reader keeps '  '; the import trims it, as this helper does.)
      { number: 5, cells: ['', 'z'] },
      { number: 6, cells: ['"q" tail', '"unterminated\nend'] },
    ]);
  });

  it('guesses the separator as SheetJS does, or takes it from a sep= line', async () => {
    expect(await read('a;b;c\n1;2,5;3\n')).toEqual([
      { number: 1, cells: ['a', 'b', 'c'] },
      { number: 2, cells: ['1', '2,5', '3'] },
    ]);
    expect(await read('a\tb\n1\t2\n')).toEqual([
      { number: 1, cells: ['a', 'b'] },
      { number: 2, cells: ['1', '2'] },
    ]);
    expect(await read('sep=|\r\na|b\r\n1|2\r\n')).toEqual([
      { number: 1, cells: ['a', 'b'] },
      { number: 2, cells: ['1', '2'] },
    ]);
  });

  it('gives the same rows as SheetJS for a file SheetJS reads right', async () => {
    const text = 'Company,Email\n"Acme, Inc",a@acme.test\n\n"He said ""hi""",b@acme.test\n';
    const rows = await read(text);
    const book = XLSX.read(Buffer.from(text), { type: 'buffer', raw: true, dense: true });
    const theirs = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      blankrows: false,
      raw: true,
    });
    expect(rows.map((row) => row.cells)).toEqual(theirs);
  });
});

describe('XLSX reader', () => {
  it('reads what SheetJS writes as SheetJS reads it: shared strings, numbers, booleans, dates, formulas, gaps', async () => {
    const sheet = XLSX.utils.aoa_to_sheet(
      [
        ['Company Name', 'Count', 'Active', 'Since', 'Notes'],
        ['Tom & Jerry <Ltd>', 42, true, new Date(Date.UTC(2024, 1, 29)), 'line\nbreak'],
        [],
        ['Ünïcödé 🚀', 1.5e-7, false, new Date(Date.UTC(1999, 11, 31, 13, 30)), '=not a formula'],
        [undefined, undefined, undefined, undefined, '  spaced  '],
      ],
      { cellDates: true },
    );
    sheet.F2 = { t: 'n', f: 'B2*2', v: 84 };
    sheet.G2 = { t: 's', f: 'A2&"!"', v: 'Tom & Jerry <Ltd>!' };
    sheet['!ref'] = 'A1:G5';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'First');
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['other']]), 'Second');
    for (const bookSST of [true, false]) {
      const file = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST }) as Buffer;
      const rows = asText(await all(xlsxSource(file)));
      expect(rows).toEqual(bySheetJs(file));
      expect(rows.map((row) => row.number)).toEqual([1, 2, 4, 5]);
      expect(rows[1]!.cells).toEqual([
        'Tom & Jerry <Ltd>',
        '42',
        'true',
        '2024-02-29',
        'line\nbreak',
        '84',
        'Tom & Jerry <Ltd>!',
      ]);
    }
  });

  it('reads what exceljs writes (rich text, styles, dates, 1904 workbooks) as SheetJS does', async () => {
    for (const date1904 of [false, true]) {
      const book = new ExcelJS.Workbook();
      book.properties.date1904 = date1904;
      const sheet = book.addWorksheet('Leads');
      sheet.addRow(['Company Name', 'When', 'Amount', 'Rich']);
      sheet.addRow([
        'Initech',
        new Date(Date.UTC(2023, 6, 4)),
        1234.5,
        { richText: [{ text: 'bold ', font: { bold: true } }, { text: 'and plain' }] },
      ]);
      sheet.getCell('C2').numFmt = '#,##0.00 "EUR"';
      sheet.addRow(['Globex', new Date(Date.UTC(2020, 0, 1)), 7, 'x']);
      sheet.getCell('B3').numFmt = 'dd/mm/yyyy';
      const file = Buffer.from(await book.xlsx.writeBuffer());
      const rows = asText(await all(xlsxSource(file)));
      expect(rows).toEqual(bySheetJs(file));
      expect(rows[1]!.cells).toEqual(['Initech', '2023-07-04', '1234.5', 'bold and plain']);
      expect(rows[2]!.cells[1]).toBe('2020-01-01');
    }
  });

  it("reads the export's own files, escapes and all, as SheetJS and exceljs do", async () => {
    const tricky = [
      'A & B < C > D "quoted"',
      '_x0041_ is not an A',
      'tab\tbell\u0007end',
      '=HYPERLINK("http://evil.test")',
      ' padded ',
    ];
    async function* batches() {
      yield [[...tricky, 3]];
      yield [['', 'after a gap', '', '', '', 0]];
    }
    const file = await collect(xlsxStream('Leads', ['a', 'b', 'c', 'd', 'e', 'n'], batches()));
    const rows = asText(await all(xlsxSource(file)));
    expect(rows).toEqual(bySheetJs(file));
    expect(rows[1]!.cells).toEqual([...tricky.slice(0, 4), 'padded', '3']);
    expect(rows[2]!.cells).toEqual(['', 'after a gap', '', '', '', '0']);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('A2').value).toBe(tricky[0]);
    // exceljs shows OOXML's escape for a literal "_x0041_" as written; Excel and SheetJS decode it.
    expect(sheet.getCell('B2').value).toBe('_x005F_x0041_ is not an A');
    expect(sheet.getCell('D2').value).toBe(tricky[3]);
    expect(sheet.getCell('F3').value).toBe(0);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
  });

  it('reads elements in a namespace prefix, and self-closing rows and cells', async () => {
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const pkg = 'http://schemas.openxmlformats.org/package/2006/relationships';
    const zip = zipWriter();
    const parts: [string, string][] = [
      [
        '_rels/.rels',
        `<Relationships xmlns="${pkg}"><Relationship Id="r1" Type="${rel}/officeDocument" Target="/xl/book.xml"/></Relationships>`,
      ],
      [
        'xl/book.xml',
        `<x:workbook xmlns:x="${main}" xmlns:rr="${rel}"><x:workbookPr date1904="1"/><x:sheets><x:sheet name="S" sheetId="7" rr:id="s1"/></x:sheets></x:workbook>`,
      ],
      [
        'xl/_rels/book.xml.rels',
        `<Relationships xmlns="${pkg}"><Relationship Id="s1" Type="${rel}/worksheet" Target="sheets/one.xml"/><Relationship Id="s2" Type="${rel}/sharedStrings" Target="../strings.xml"/></Relationships>`,
      ],
      [
        'strings.xml',
        `<x:sst xmlns:x="${main}"><x:si><x:t>Name</x:t></x:si><x:si/><x:si><x:r><x:t>Ka</x:t></x:r><x:r><x:t xml:space="preserve">te </x:t></x:r><x:rPh><x:t>ケイト</x:t></x:rPh></x:si></x:sst>`,
      ],
      [
        'xl/sheets/one.xml',
        `<x:worksheet xmlns:x="${main}"><x:dimension ref="B2:C9"/><x:sheetData><x:row r="2"><x:c r="B2" t="s"><x:v>0</x:v></x:c><x:c r="C2" t="inlineStr"><x:is><x:t>Age</x:t></x:is></x:c></x:row><x:row r="3"/><x:row r="4"><x:c r="B4" t="s"><x:v>2</x:v></x:c><x:c r="C4"/><x:c><x:v>41</x:v></x:c></x:row></x:sheetData></x:worksheet>`,
      ],
    ];
    const chunks: Buffer[] = [];
    for (const [name, xml] of parts)
      for await (const chunk of zip.entry(name, [xml])) chunks.push(chunk);
    chunks.push(zip.finish());
    const source = xlsxSource(Buffer.concat(chunks));
    const rows = asText(await all(source));
    expect(rows).toEqual([
      { number: 2, cells: ['', 'Name', 'Age'] },
      { number: 4, cells: ['', 'Kate', '', '41'] },
    ]);
    expect(source.lastRow()).toBe(9);
  });

  it('reads rows that span many chunks, skips what lies between rows, stops at the end of the data, and refuses a row over 1 MB', async () => {
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const pkg = 'http://schemas.openxmlformats.org/package/2006/relationships';
    const cell = (ref: string, text: string) =>
      `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const big = (length: number, seed: number) =>
      Array.from({ length }, (_, i) => String.fromCharCode(97 + ((i * 7 + seed) % 26))).join('');
    const workbook = async (sheet: string) => {
      const zip = zipWriter();
      const chunks: Buffer[] = [];
      const parts: [string, string][] = [
        [
          'xl/workbook.xml',
          `<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="S" sheetId="1" r:id="a"/></sheets></workbook>`,
        ],
        [
          'xl/_rels/workbook.xml.rels',
          `<Relationships xmlns="${pkg}"><Relationship Id="a" Type="${rel}/worksheet" Target="s.xml"/></Relationships>`,
        ],
        ['xl/s.xml', sheet],
      ];
      for (const [name, xml] of parts)
        for await (const chunk of zip.entry(name, [xml])) chunks.push(chunk);
      chunks.push(zip.finish());
      return Buffer.concat(chunks);
    };
    const long = big(900_000, 1);
    const rows = [
      `<row r="1">${cell('A1', 'Name')}${cell('B1', long)}</row>`,
      `<row r="2"${' spans="1:2"'.repeat(30_000)}>${cell('A2', 'Kate')}</row>`,
      `<row r="3">${cell('A3', big(400_000, 2))}${cell('B3', big(400_000, 3))}</row>`,
    ];
    const sheet = `<worksheet xmlns="${main}"><sheetData>${rows[0]}<ignored>${big(700_000, 4)}</ignored>${rows[1]}${rows[2]}</sheetData><after>${'<row r="99"/>'.repeat(10)}</after></worksheet>`;
    const read = asText(await all(xlsxSource(await workbook(sheet))));
    expect(read.map((row) => row.number)).toEqual([1, 2, 3]);
    expect(read[0]!.cells).toEqual(['Name', long]);
    expect(read[1]!.cells).toEqual(['Kate']);
    expect(read[2]!.cells).toEqual([big(400_000, 2), big(400_000, 3)]);

    const tooBig = `<worksheet xmlns="${main}"><sheetData>${rows[0]}<row r="2">${cell('A2', big(1_100_000, 5))}</row></sheetData></worksheet>`;
    await expect(all(xlsxSource(await workbook(tooBig)))).rejects.toThrow(
      'Row 2 is larger than 1 MB, the most a row may hold. Shorten its cells.',
    );
  });

  it('leaves what it does not read to SheetJS (an .xlsb under an .xlsx name)', () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['a'], ['b']]), 'S');
    const xlsb = XLSX.write(book, { type: 'buffer', bookType: 'xlsb' }) as Buffer;
    expect(() => xlsxSource(xlsb)).toThrow(UnsupportedZip);
  });

  it('tells date formats from number formats', () => {
    for (const code of [
      'yyyy-mm-dd',
      'd/m/yy h:mm',
      '[h]:mm:ss',
      'mmm-yy',
      '[$-409]mmmm d, yyyy',
      'h AM/PM',
    ])
      expect(isDateFormat(code), code).toBe(true);
    for (const code of ['0.00', '#,##0 "days"', '0.00E+00', '[Red]#,##0', '@', 'General', '"ymd"0'])
      expect(isDateFormat(code), code).toBe(false);
  });
});
