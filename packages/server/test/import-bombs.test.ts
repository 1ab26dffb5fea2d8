// Uploads made to exhaust the server: parts that unpack to a gigabyte, a row of 256 MiB, a ZIP
// under an .xls name, more rows than an import takes. Each is a 400 that names what is wrong,
// answered without unpacking what it refuses (the server's peak memory rises < 100 MB).
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf } from './fixtures.ts';
import { multipart, uploadAndWait, xlsxFile } from './upload.ts';
import { DATA_ROW, HEADER_ROW, bombPart, sheetXml, textPart, workbookOf } from './bomb-files.ts';

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  token = (await adminOf(t, 'acme-bombs')).token;
});
afterAll(() => t.close());

const MB = 1024 * 1024;
// A hang fails the test; how fast a refusal is belongs to bench/.
const HANG = 60_000;

/** This process's peak resident memory since `resetPeak` (Linux), else its current one. */
const resetPeak = (): boolean => {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
};
const peakRss = (): number => {
  const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return line ? Number(line[1]) * 1024 : process.memoryUsage().rss;
};

/** Uploads `file` (the server runs in this process) and measures what the request cost. */
const upload = async (filename: string, file: Buffer) => {
  const before = process.memoryUsage();
  const peakKnown = resetPeak();
  const response = await t.request({
    method: 'POST',
    url: '/api/leads/upload',
    token,
    ...multipart(filename, file),
  });
  const after = process.memoryUsage();
  return {
    status: response.statusCode,
    message: (response.json() as { message?: string }).message,
    rssRise: (peakKnown ? peakRss() : after.rss) - before.rss,
    heapRise: after.heapUsed - before.heapUsed,
  };
};

const expectRefused = (result: Awaited<ReturnType<typeof upload>>, message: string) => {
  expect(result.status).toBe(400);
  expect(result.message).toBe(message);
  expect(result.rssRise).toBeLessThan(100 * MB);
  expect(result.heapRise).toBeLessThan(100 * MB);
};

const SHEET = textPart(
  'xl/worksheets/sheet1.xml',
  sheetXml(`${HEADER_ROW}<row r="2"><c r="A2" t="s"><v>0</v></c></row>`),
);
const strings = (mebibytes: number, stated?: number) =>
  bombPart(
    'xl/sharedStrings.xml',
    '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>',
    mebibytes,
    '</t></si></sst>',
    stated,
  );

/** A sheet whose row `row` (after `before`) holds 256 MiB of text; `stated` may lie. */
const rowBomb = (before: string, row: number, stated?: number) =>
  bombPart(
    'xl/worksheets/sheet1.xml',
    sheetXml(`${HEADER_ROW}${before}<row r="${row}"><c r="A${row}" t="inlineStr"><is><t>`).replace(
      /<\/sheetData><\/worksheet>$/,
      '',
    ),
    256,
    '</t></is></c></row></sheetData></worksheet>',
    stated,
  );

const UNPACKS_PAST_STATED =
  'The file could not be read as a spreadsheet: a part of it unpacks to more than its stated size';

describe('zip bombs', () => {
  it.each([
    {
      what: '1 MB of shared strings that unpack to 1 GiB, by their stated size',
      file: () => workbookOf(SHEET, strings(1024)),
      weighsUnder: 1.5 * MB,
      message:
        'The file unpacks to more than 512 MB, the most an upload may hold. Split it into smaller files.',
    },
    {
      what: 'the same shared strings stating a small size, once they unpack past it',
      file: () => workbookOf(SHEET, strings(1024, 64 * 1024)),
      message: UNPACKS_PAST_STATED,
    },
    {
      what: 'a part read whole that unpacks to more than 128 MB',
      file: () => workbookOf(SHEET, strings(200)),
      message:
        'A part of the file unpacks to more than 128 MB, the most one part may hold. Split it into smaller files.',
    },
    {
      what: 'a quarter-megabyte sheet whose second row unpacks to 256 MiB, naming the row',
      file: () => workbookOf(rowBomb('', 2)),
      weighsUnder: 0.5 * MB,
      message: 'Row 2 is larger than 1 MB, the most a row may hold. Shorten its cells.',
    },
    {
      what: 'that sheet stating a small size, once it unpacks past it',
      file: () => workbookOf(rowBomb(DATA_ROW, 3, 4096)),
      message: UNPACKS_PAST_STATED,
    },
  ])(
    'refuses $what',
    async ({ file, weighsUnder, message }) => {
      const bomb = file();
      if (weighsUnder) expect(bomb.length).toBeLessThan(weighsUnder);
      expectRefused(await upload('bomb.xlsx', bomb), message);
    },
    HANG,
  );

  it(
    'refuses a ZIP named .xls instead of handing it to SheetJS',
    async () => {
      const zip = workbookOf(SHEET, strings(1024, 64 * 1024));
      const message =
        'The file is not a valid .xls spreadsheet (Excel 97-2003). Save it as .xlsx or .csv and upload that.';
      expectRefused(await upload('bomb.xls', zip), message);
      const xlsx = xlsxFile([
        ['Company Name', 'First Name', 'Last Name', 'Email', 'Source'],
        ['Acme', 'Ada', 'Lovelace', 'ada@acme.test', 'Referral'],
      ]);
      expectRefused(await upload('renamed.xls', xlsx), message);
      expectRefused(
        await upload('text.xls', Buffer.from('Company Name\tEmail\nAcme\ta@b.test\n')),
        message,
      );
    },
    HANG,
  );
});

describe('rows', () => {
  const header = 'Company Name,First Name,Last Name,Email,Source';

  it(
    'refuses a CSV row over 1 MB, naming the row',
    async () => {
      const csv = `${header}\nAcme,${'a'.repeat(MB + 10)},x,y@acme.test,Referral\n`;
      const result = await upload('row.csv', Buffer.from(csv));
      expect(result.status).toBe(400);
      expect(result.message).toBe(
        'Row 2 is larger than 1 MB, the most a row may hold. Shorten its cells.',
      );
    },
    HANG,
  );

  it(
    'fails the import, naming the row, when the background job reaches a row over 1 MB',
    async () => {
      const csv = `${header}\nAcme,Ada,Lovelace,ada@acme.test,Referral\nAcme,${'a'.repeat(MB + 10)},x,y@acme.test,Referral\n`;
      const result = await uploadAndWait(t, token, '/api/leads/upload', 'late.csv', csv);
      expect(result.status).toBe('failed');
      expect(result.message).toBe(
        'Row 3 is larger than 1 MB, the most a row may hold. Shorten its cells.',
      );
    },
    HANG,
  );

  it(
    'refuses a CSV of more than 1,000,000 rows at once, naming the limit',
    async () => {
      const csv = Buffer.from(`${header}\n${'a,,,,\n'.repeat(1_000_000)}`);
      const result = await upload('many.csv', csv);
      expect(result.status).toBe(400);
      expect(result.message).toBe(
        'The file has more than 1,000,000 rows, the most one import takes. Split it into smaller files.',
      );
    },
    HANG,
  );

  it(
    'refuses an .xlsx whose sheet says it runs past 1,000,000 rows',
    async () => {
      const sheet = textPart(
        'xl/worksheets/sheet1.xml',
        sheetXml(`${HEADER_ROW}${DATA_ROW}`, 'A1:E1000001'),
      );
      const result = await upload('many.xlsx', workbookOf(sheet));
      expect(result.status).toBe(400);
      expect(result.message).toBe(
        'The file has more than 1,000,000 rows, the most one import takes. Split it into smaller files.',
      );
    },
    HANG,
  );

  it(
    'still takes a file built the same way within the limits',
    async () => {
      const sheet = textPart('xl/worksheets/sheet1.xml', sheetXml(`${HEADER_ROW}${DATA_ROW}`));
      const result = await upload('fine.xlsx', workbookOf(sheet));
      expect(result.status).toBe(202);
    },
    HANG,
  );
});
