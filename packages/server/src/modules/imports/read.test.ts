import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/errors.ts';
import { cellText, checkUpload, openSheet, rowRecord } from './read.ts';

const xlsx = (rows: unknown[][]): Buffer => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Leads');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

const HEADER = ['Company Name', 'First Name', 'Last Name', 'Email', 'Source'];
const ROW = ['Acme', 'Ada', 'Lovelace', 'ada@acme.test', 'Referral'];

const message = async (fn: () => Promise<unknown>) => {
  try {
    await fn();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error('expected a 400');
};

describe('upload check', () => {
  it('accepts a CSV and an XLSX with the required columns', async () => {
    expect(
      await checkUpload(
        'leads',
        'leads.csv',
        Buffer.from(`${HEADER.join(',')}\n${ROW.join(',')}\n`),
      ),
    ).toBe('csv');
    expect(await checkUpload('leads', 'Leads.XLSX', xlsx([HEADER, ROW]))).toBe('xlsx');
  });

  it('refuses a wrong type, a corrupt file, an empty file and one with no data rows', async () => {
    expect(await message(() => checkUpload('leads', 'leads.pdf', Buffer.from('%PDF-1.4')))).toBe(
      'Please upload an .xlsx, .xls or .csv file',
    );
    expect(
      await message(() => checkUpload('leads', 'leads.xlsx', Buffer.from('this is not a zip'))),
    ).toBe('The file is not a valid .xlsx spreadsheet');
    const truncated = xlsx([HEADER, ROW]).subarray(0, 200);
    expect(await message(() => checkUpload('leads', 'leads.xlsx', truncated))).toBe(
      'The file could not be read as a spreadsheet',
    );
    expect(await message(() => checkUpload('leads', 'leads.csv', Buffer.alloc(0)))).toBe(
      'The file is empty',
    );
    expect(
      await message(() => checkUpload('leads', 'leads.csv', Buffer.from(`${HEADER.join(',')}\n`))),
    ).toBe('The file has no data rows');
    expect(await message(() => checkUpload('leads', 'leads.csv', Buffer.from([0, 1, 2, 3])))).toBe(
      'The file is not a valid .csv spreadsheet',
    );
  });

  it('reads an .xlsb under an .xlsx name through SheetJS, once its parts are checked', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ROW]), 'Leads');
    const xlsb = XLSX.write(book, { type: 'buffer', bookType: 'xlsb' }) as Buffer;
    expect(await checkUpload('leads', 'leads.xlsx', xlsb)).toBe('xlsx');
    const xls = XLSX.write(book, { type: 'buffer', bookType: 'xls' }) as Buffer;
    expect(await checkUpload('leads', 'leads.xls', xls)).toBe('xls');
  });

  it('names the missing columns', async () => {
    expect(
      await message(() =>
        checkUpload('leads', 'leads.csv', Buffer.from('Company,Email\nAcme,a@b.co\n')),
      ),
    ).toBe(
      'The file has no column for: Person First Name, Person Last Name, Source. The first row must name the columns.',
    );
  });

  it('keeps CSV text as written and maps rows to fields', async () => {
    const sheet = await openSheet(
      'leads',
      Buffer.from(`${HEADER.join(',')},Notes\nAcme,Ada,Lovelace,ada@acme.test,Referral,00123\n`),
      'csv',
    );
    const first = await sheet.rows.next();
    expect(rowRecord(first.value!.cells, sheet.columns)).toEqual({
      companyName: 'Acme',
      personFirstName: 'Ada',
      personLastName: 'Lovelace',
      personEmail: 'ada@acme.test',
      source: 'Referral',
      subject: '00123',
    });
  });

  it('writes cells as text', () => {
    expect(cellText(new Date('2026-01-02T00:00:00Z'))).toBe('2026-01-02');
    expect(cellText(42)).toBe('42');
    expect(cellText(null)).toBe('');
    expect(cellText('  x ')).toBe('x');
  });
});
