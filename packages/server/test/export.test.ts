import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_FIELDS } from '@leadline/shared/leads';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, createLead } from './fixtures.ts';
import { multipartWithFields, waitForImport } from './upload.ts';
import { EXPORT_HEADERS } from '../src/modules/leads/export.ts';

let t: TestContext;
let acme: Awaited<ReturnType<typeof adminOf>>;
let empty: Awaited<ReturnType<typeof adminOf>>;

beforeAll(async () => {
  t = await createTestContext();
  acme = await adminOf(t, 'acme-export');
  empty = await adminOf(t, 'empty-export');
});
afterAll(() => t.close());

const download = async (token: string, query = '') => {
  const response = await t.request({ method: 'GET', url: `/api/leads/download${query}`, token });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-disposition']).toBe('attachment; filename="leads.xlsx"');
  return response.rawPayload;
};

const leadsOf = async (token: string) => {
  const response = await t.request({
    method: 'GET',
    url: '/api/leads?limit=250&sort=personEmail',
    token,
  });
  return response.json().leads as Record<string, unknown>[];
};

describe('GET /api/leads/download', () => {
  it('writes the current filters, with formula-looking cells as text', async () => {
    await createLead(t, acme.token, {
      personEmail: 'formula@acme.test',
      status: 'Hot Lead',
      subject: '=HYPERLINK("http://evil.test","x")',
      companyName: '+danger',
    });
    await createLead(t, acme.token, {
      personEmail: 'warm@acme.test',
      status: 'Warm Lead',
      companyName: '@mention',
    });
    await createLead(t, acme.token, {
      personEmail: 'minus@acme.test',
      status: 'Hot Lead',
      personCity: '-1',
    });
    const file = await download(acme.token, '?status=Hot%20Lead');
    const book = XLSX.read(file, { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(rows[0]!.slice(0, Object.keys(LEAD_FIELDS).length)).toEqual(Object.values(LEAD_FIELDS));
    expect(rows.length).toBe(3);
    const emails = rows.slice(1).map((row) => row[Object.keys(LEAD_FIELDS).indexOf('personEmail')]);
    expect(emails.sort()).toEqual(['formula@acme.test', 'minus@acme.test']);
    for (const [address, cell] of Object.entries(sheet)) {
      if (address.startsWith('!')) continue;
      expect((cell as XLSX.CellObject).f, address).toBeUndefined();
    }
    const notes = Object.values(sheet).find(
      (cell) => (cell as XLSX.CellObject).v === '=HYPERLINK("http://evil.test","x")',
    ) as XLSX.CellObject;
    expect(notes.t).toBe('s');
  });

  it('round-trips: uploading the download into an empty organisation recreates the same leads', async () => {
    const file = await download(acme.token);
    // The owners are acme's users: another organisation leaves the Owner column out.
    const labels = Object.entries(LEAD_FIELDS);
    const mapping = EXPORT_HEADERS.map(
      (header) => labels.find(([, label]) => label === header)?.[0] ?? null,
    );
    const upload = await t.request({
      method: 'POST',
      url: '/api/leads/upload',
      token: empty.token,
      ...multipartWithFields('leads.xlsx', file, { mapping: JSON.stringify(mapping) }),
    });
    expect(upload.statusCode, upload.body).toBe(202);
    const result = await waitForImport(t, empty.token, upload.json().importId);
    expect(result).toMatchObject({
      status: 'completed',
      inserted: 3,
      errorCount: 0,
      duplicates: 0,
    });
    const strip = (leads: Record<string, unknown>[]) =>
      leads.map((lead) =>
        Object.fromEntries(Object.keys(LEAD_FIELDS).map((field) => [field, lead[field]])),
      );
    expect(strip(await leadsOf(empty.token))).toEqual(strip(await leadsOf(acme.token)));
  });

  it('streams many rows across batches, and refuses bad filters', async () => {
    const org = acme.organizationId;
    const { sql } = await import('drizzle-orm');
    await t.database.db
      .execute(sql`INSERT INTO leads (organization_id, company_name, person_first_name, person_last_name, person_email, source, created_at)
      SELECT ${org}, 'Bulk', 'F' || g, 'L' || g, 'bulk' || g || '@acme.test', 'Event', now() - (g || ' seconds')::interval FROM generate_series(1, 4500) g`);
    const file = await download(acme.token, '?source=Event');
    const book = XLSX.read(file, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
    });
    expect(rows.length).toBe(4501);
    expect(new Set(rows.slice(1).map((row) => row[7])).size).toBe(4500);
    // Newest first: bulk1 was created a second after bulk2.
    expect(rows[1]![7]).toBe('bulk1@acme.test');
    expect(rows[4500]![7]).toBe('bulk4500@acme.test');
    // exceljs, the other reader (and the one Excel's own format is closest to), agrees.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Leads');
    expect(sheet.rowCount).toBe(4501);
    expect(sheet.getRow(1).getCell(1).value).toBe('Company Name');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(8).value).toBe('bulk1@acme.test');
    expect(sheet.getRow(4501).getCell(8).value).toBe('bulk4500@acme.test');
    expect(sheet.getRow(4501).getCell(EXPORT_HEADERS.indexOf('Sent Count') + 1).value).toBe(0);
    const bad = await t.request({
      method: 'GET',
      url: '/api/leads/download?from=yesterday',
      token: acme.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.request({ method: 'GET', url: '/api/leads/download', token: await t.rootToken() }))
        .statusCode,
    ).toBe(400);
  });

  it('writes the created date as a UTC date cell, number-looking texts as text, fitted widths', async () => {
    const cells = await adminOf(t, 'cells-export');
    await createLead(t, cells.token, {
      personEmail: 'phone@cells.test',
      companyName: '00123',
      subject: '+0044 123',
    });
    const [lead] = await leadsOf(cells.token);
    const file = await download(cells.token);
    const book = XLSX.read(file, {
      type: 'buffer',
      cellDates: true,
      cellNF: true,
      cellStyles: true,
    });
    const sheet = book.Sheets.Leads!;
    const at = (header: string) =>
      sheet[XLSX.utils.encode_cell({ r: 1, c: EXPORT_HEADERS.indexOf(header) })] as XLSX.CellObject;
    expect(at('Company Name')).toMatchObject({ t: 's', v: '00123', z: '@' });
    expect(at('Notes')).toMatchObject({ t: 's', v: '+0044 123', z: '@' });
    expect(at('Created Date')).toMatchObject({ t: 'd', z: 'yyyy-mm-dd hh:mm' });
    // The serial number keeps the time to about a millisecond (float days).
    const created = (at('Created Date').v as Date).getTime();
    expect(Math.abs(created - Date.parse(lead!.createdAt as string))).toBeLessThan(2);
    expect(at('Sent Count')).toMatchObject({ t: 'n', v: 0 });
    expect(at('Last Sent')).toBeUndefined();
    const widths = sheet['!cols']!.map((col) => col.width);
    expect(widths).toHaveLength(EXPORT_HEADERS.length);
    expect(widths[EXPORT_HEADERS.indexOf('Person Email')]).toBe('phone@cells.test'.length + 2);
    expect(widths[EXPORT_HEADERS.indexOf('Created Date')]).toBe('yyyy-mm-dd hh:mm'.length + 2);
  });
});
