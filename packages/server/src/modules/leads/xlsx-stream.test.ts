import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { RowSource } from '../imports/rows-source.ts';
import { xlsxSource } from '../imports/xlsx.ts';
import { entryText, zipEntries } from '../imports/zip.ts';
import { excelSerial, fittedWidths, xlsxStream } from './xlsx-stream.ts';
import type { XlsxColumn, XlsxValue } from './xlsx-stream.ts';

const collect = async (stream: AsyncIterable<Buffer>): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
};

/** One part of the file, unzipped with the import's own zip reader. */
const part = (file: Buffer, name: string): string => entryText(file, zipEntries(file).get(name)!);

const COLUMNS: XlsxColumn[] = [
  { header: 'Phone', type: 'text' },
  { header: 'Id', type: 'text' },
  { header: 'Company Name', type: 'text' },
  { header: 'Created Date', type: 'date' },
  { header: 'Sent Count', type: 'number' },
];
const CREATED = new Date('2026-03-04T05:06:00Z');
const ROWS: XlsxValue[][] = [
  ['+0044 123', '00123', 'Initech', CREATED, 3],
  ['0044 20 7946 0000', '42', 'A company with a rather long name Ltd', null, 0],
];

async function* batches() {
  yield ROWS;
}

describe('xlsxStream cells, formats and widths', () => {
  it('writes dates as date cells, numbers as numbers and number-looking texts as text', async () => {
    const file = await collect(xlsxStream('Leads', COLUMNS, batches()));
    const styles = part(file, 'xl/styles.xml');
    expect(styles).toContain('<numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/>');
    // cellXfs: 2 is text ("@", built-in 49), 3 the date format.
    const xfs = [...styles.matchAll(/<xf numFmtId="(\d+)"[^>]*xfId="0"/g)].map((m) => m[1]);
    expect(xfs.slice(2)).toEqual(['49', '164']);

    const sheet = part(file, 'xl/worksheets/sheet1.xml');
    expect(sheet).toContain(
      '<c r="A2" s="2" t="inlineStr"><is><t>+0044 123</t></is></c>' +
        '<c r="B2" s="2" t="inlineStr"><is><t>00123</t></is></c>',
    );
    expect(sheet).toContain(`<c r="D2" s="3"><v>${excelSerial(CREATED)}</v></c>`);
    expect(excelSerial(CREATED)).toBeCloseTo(46085.2125, 6);
    expect(sheet).toContain('<c r="E2"><v>3</v></c>');
    expect(sheet).not.toContain('r="D3"');

    // Widths: the header or the typical value, whichever is wider; columns keep their format.
    const cols = [
      ...sheet.matchAll(
        /<col min="(\d+)" max="\d+" width="(\d+)" customWidth="1"( style="(\d)")?\/>/g,
      ),
    ];
    expect(cols.map((m) => Number(m[2]))).toEqual([19, 8, 39, 18, 12]);
    expect(cols.map((m) => m[4])).toEqual(['2', '2', '2', '3', undefined]);
    expect(sheet.indexOf('<cols>')).toBeLessThan(sheet.indexOf('<sheetData>'));

    // SheetJS and exceljs agree: text stays text, the date is a date in the date format.
    const book = XLSX.read(file, {
      type: 'buffer',
      cellDates: true,
      cellNF: true,
      cellStyles: true,
    });
    const cells = book.Sheets.Leads!;
    expect(cells.A2).toMatchObject({ t: 's', v: '+0044 123' });
    expect(cells.B2).toMatchObject({ t: 's', v: '00123' });
    expect(cells.D2).toMatchObject({ t: 'd', z: 'yyyy-mm-dd hh:mm' });
    expect((cells.D2!.v as Date).toISOString()).toBe(CREATED.toISOString());
    expect(cells.E2).toMatchObject({ t: 'n', v: 3 });
    expect(cells['!cols']!.map((col) => col.width)).toEqual([19, 8, 39, 18, 12]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as never);
    const leads = workbook.worksheets[0]!;
    expect(leads.getCell('D2').value).toEqual(CREATED);
    expect(leads.getCell('D2').numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(leads.getCell('A2').numFmt).toBe('@');
    expect(leads.getColumn(3).width).toBe(39);
  });

  it("reads back through the import's own reader: texts as written, the date as a date", async () => {
    const file = await collect(xlsxStream('Leads', COLUMNS, batches()));
    const source: RowSource = xlsxSource(file);
    const rows = [];
    for (let next = await source.rows.next(); !next.done; next = await source.rows.next())
      rows.push(next.value.cells);
    expect(rows[0]).toEqual(COLUMNS.map((column) => column.header));
    expect(rows[1]!.slice(0, 3)).toEqual(['+0044 123', '00123', 'Initech']);
    expect((rows[1]![3] as Date).toISOString()).toBe(CREATED.toISOString());
    expect(rows[1]![4]).toBe(3);
  });

  it('fits widths to the header when there are no rows, and caps long values', () => {
    expect(fittedWidths(COLUMNS, [])).toEqual([8, 8, 14, 14, 12]);
    expect(fittedWidths([{ header: 'Notes' }], [['x'.repeat(500)]])).toEqual([50]);
  });
});
