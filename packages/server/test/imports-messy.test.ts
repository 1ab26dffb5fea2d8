// Issue 25: a team's real spreadsheet goes in whole. Every row a person would keep is imported;
// what cannot be read is left empty and named; only rows with no usable email are refused, and
// the failed-rows file is the upload itself plus a reason, importing cleanly once fixed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTwoOrganisations } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import type { TestContext } from './context.ts';
import { uploadAndWait } from './upload.ts';
import { MESSY_HEADERS, csvOf, messyLeads } from './fixtures/messy-leads.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;

beforeAll(async () => {
  ({ t, acme, globex } = await openTwoOrganisations());
});
afterAll(() => t.close());

const leadOf = async (email: string) => {
  const response = await t.request({
    method: 'GET',
    url: `/api/leads?search=${encodeURIComponent(email)}`,
    token: acme.token,
  });
  const leads = response.json().leads as Record<string, unknown>[];
  return leads.find((lead) => lead.personEmail === email);
};

describe('the messy 200-row spreadsheet (issue 25)', () => {
  const rows = () => messyLeads(acme.user.email, globex.user.email);

  it('imports every row a person would keep, naming each refusal and warning', async () => {
    const messy = rows();
    const csv = csvOf([MESSY_HEADERS, ...messy.map((row) => row.cells)]);
    const result = await uploadAndWait(t, acme.token, '/api/leads/upload', 'team.csv', csv);
    const refused = messy.flatMap((row, index) =>
      row.refusal ? [{ row: index + 2, message: row.refusal }] : [],
    );
    const warned = messy.flatMap((row, index) =>
      row.warnings.map((message) => ({ row: index + 2, message })),
    );
    expect(result).toMatchObject({
      status: 'completed',
      total: 200,
      inserted: 195,
      duplicates: 3,
      errorCount: 2,
    });
    expect(result.errors).toEqual(refused);
    expect(result.warnings).toEqual(warned);
    expect(result.warningCount).toBe(warned.length);

    // Each kept row's date, amount and phone as read; the unreadable originals in the notes.
    for (const [index, row] of messy.entries()) {
      if (!row.expected) continue;
      const lead = await leadOf(`messy${index}@example.test`);
      expect(lead, `row ${index + 2}`).toMatchObject(row.expected);
      for (const warning of row.warnings) {
        const original = /^(Expected Close Date|Deal Value|Phone) "(.*)" could not be read/.exec(
          warning,
        );
        if (original) expect(lead!.subject).toContain(`${original[1]}: ${original[2]}`);
      }
    }
    // The foreign owner's rows are the importer's; the non-ASCII names are kept.
    const foreign = messy.findIndex((row) => row.cells[11] === globex.user.email);
    expect(await leadOf(`messy${foreign}@example.test`)).toMatchObject({
      ownerId: acme.user.id,
      personFirstName: messy[foreign]!.cells[1],
    });
    expect(await leadOf('messy1@example.test')).toMatchObject({
      personFirstName: 'Łukasz',
      personLastName: 'Müller',
      personDesignation: '',
      phone: '+49305551001',
      contactProfileLink: '',
    });
    // A LinkedIn row's LinkedIn URL is its profile link.
    expect(await leadOf('messy5@example.test')).toMatchObject({
      source: 'LinkedIn',
      contactProfileLink: 'https://www.linkedin.com/in/messy-5',
    });
    // 195 leads read back one by one: longer than the default 30 s on a loaded machine.
  }, 120_000);

  it('gives back the refused rows as uploaded, with a reason first, that import once fixed', async () => {
    const messy = rows();
    // A fresh copy of the file's people, so that nothing in it is a duplicate of the first run.
    const cells = messy.map((row) =>
      row.cells.map((cell, column) => (column === 3 ? cell.replace('messy', 'again') : cell)),
    );
    const csv = csvOf([MESSY_HEADERS, ...cells]);
    const accepted = await t.request({
      method: 'POST',
      url: '/api/leads/upload',
      token: acme.token,
      ...(await import('./upload.ts')).multipart('again.csv', csv),
    });
    const { importId } = accepted.json();
    const { waitForImport } = await import('./upload.ts');
    expect(await waitForImport(t, acme.token, importId)).toMatchObject({ errorCount: 2 });
    const failed = await t.request({
      method: 'GET',
      url: `/api/imports/${importId}/failed-rows`,
      token: acme.token,
    });
    expect(failed.statusCode).toBe(200);
    const expected = csvOf([
      ['Import problem', ...MESSY_HEADERS],
      ['Row 197: Person Email is required', ...cells[195]!],
      ['Row 198: Please enter a valid email address', ...cells[196]!],
    ]);
    // Exactly the uploaded cells (the + of a phone untouched), after a byte-order mark.
    expect(failed.body).toBe(`\ufeff${expected}`);
    expect(failed.body).not.toContain("'+");

    // The user fills in the two emails the reasons name, and uploads the file as it is.
    const lines = failed.body.replace('\ufeff', '').split('\r\n');
    const fixed = [
      lines[0],
      lines[1]!.replace(`${cells[195]![2]},,`, `${cells[195]![2]},fixed1@example.test,`),
      lines[2]!.replace('not-an-email', 'fixed2@example.test'),
      '',
    ].join('\r\n');
    expect(fixed).toContain('fixed1@example.test');
    const again = await uploadAndWait(t, acme.token, '/api/leads/upload', 'fixed.csv', fixed);
    expect(again).toMatchObject({ status: 'completed', inserted: 2, errorCount: 0 });
  });
});

describe('the mapping step’s choices and spreadsheet dates (issue 25)', () => {
  const HEADERS = ['Company', 'First', 'Last', 'Email', 'Source', 'Close date', 'Notes'];
  const person = (n: number) => [`Co ${n}`, 'Ann', `Lee ${n}`, `sheet${n}@dates.test`, 'Referral'];

  const closeDates = async (prefix: string) => {
    const response = await t.request({
      method: 'GET',
      url: `/api/leads?limit=100&search=${prefix}`,
      token: acme.token,
    });
    const leads = response.json().leads as { personEmail: string; expectedCloseDate: string }[];
    return Object.fromEntries(leads.map((lead) => [lead.personEmail, lead.expectedCloseDate]));
  };

  for (const bookType of ['xlsx', 'xls'] as const) {
    it(`reads serial days, date cells and written dates in an .${bookType} file`, async () => {
      const prefix = `${bookType}-`;
      const rows = [
        HEADERS,
        // A date cell (a number formatted as a date), a bare serial day, written dates.
        [...person(1), new Date(2027, 0, 15, 12), ''],
        [...person(2), 46402, ''],
        [...person(3), '15/01/2027', ''],
        [...person(4), 'Jan 15, 2027', ''],
        [...person(5), new Date(2028, 1, 29, 12), ''],
      ].map((row, index) =>
        index === 0 ? row : row.map((cell, column) => (column === 3 ? `${prefix}${cell}` : cell)),
      );
      const { xlsxFile } = await import('./upload.ts');
      const result = await uploadAndWait(
        t,
        acme.token,
        '/api/leads/upload',
        `dates.${bookType}`,
        xlsxFile(rows, bookType),
      );
      expect(result).toMatchObject({ status: 'completed', inserted: 5, errorCount: 0 });
      expect(result.warnings).toEqual([]);
      expect(await closeDates(prefix)).toEqual({
        [`${prefix}sheet1@dates.test`]: '2027-01-15',
        [`${prefix}sheet2@dates.test`]: '2027-01-15',
        [`${prefix}sheet3@dates.test`]: '2027-01-15',
        [`${prefix}sheet4@dates.test`]: '2027-01-15',
        [`${prefix}sheet5@dates.test`]: '2028-02-29',
      });
    });
  }

  it('tells the preview each column’s date order, and keeps the choice in a preset', async () => {
    const { multipart, multipartWithFields, waitForImport } = await import('./upload.ts');
    const ambiguous = csvOf([
      HEADERS,
      [...person(10), '03/02/2027', ''],
      [...person(11), '04/05/2027', ''],
    ]);
    const preview = await t.request({
      method: 'POST',
      url: '/api/leads/upload/preview',
      token: acme.token,
      ...multipart('ambiguous.csv', ambiguous),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().dateOrders).toEqual([null, null, null, null, null, 'ambiguous', null]);
    const told = csvOf([
      HEADERS,
      [...person(12), '03/02/2027', ''],
      [...person(13), '12/25/2027', ''],
    ]);
    const second = await t.request({
      method: 'POST',
      url: '/api/leads/upload/preview',
      token: acme.token,
      ...multipart('told.csv', told),
    });
    expect(second.json().dateOrders[5]).toBe('mdy');

    // The user answers "month first" and saves the mapping: the preset keeps the answer.
    const mapping = [
      'companyName',
      'personFirstName',
      'personLastName',
      'personEmail',
      'source',
      'expectedCloseDate',
      'subject',
    ];
    const saved = await t.request({
      method: 'PUT',
      url: '/api/leads/import-presets',
      token: acme.token,
      payload: { name: 'US dates', headers: HEADERS, mapping, dateOrder: 'mdy', roundRobin: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ mapping, dateOrder: 'mdy', roundRobin: true });
    const again = await t.request({
      method: 'POST',
      url: '/api/leads/upload/preview',
      token: acme.token,
      ...multipart('ambiguous.csv', ambiguous),
    });
    expect(again.json().preset).toMatchObject({ name: 'US dates', mapping, dateOrder: 'mdy' });

    const accepted = await t.request({
      method: 'POST',
      url: '/api/leads/upload',
      token: acme.token,
      ...multipartWithFields('ambiguous.csv', ambiguous, {
        mapping: JSON.stringify(mapping),
        dateOrder: 'mdy',
      }),
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    await waitForImport(t, acme.token, accepted.json().importId);
    expect(await leadOf('sheet10@dates.test')).toMatchObject({ expectedCloseDate: '2027-03-02' });
    expect(await leadOf('sheet11@dates.test')).toMatchObject({ expectedCloseDate: '2027-04-05' });
  });

  it('spreads the leads over every active user when the Owner is mapped to round-robin', async () => {
    const { multipartWithFields, waitForImport } = await import('./upload.ts');
    const rep = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      name: 'Zed Rep',
    });
    const rows = [HEADERS, ...[20, 21, 22, 23].map((n) => [...person(n), '', ''])];
    const accepted = await t.request({
      method: 'POST',
      url: '/api/leads/upload',
      token: acme.token,
      ...multipartWithFields('rr.csv', csvOf(rows), { roundRobin: 'all' }),
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(await waitForImport(t, acme.token, accepted.json().importId)).toMatchObject({
      inserted: 4,
    });
    const owners = await Promise.all(
      [20, 21, 22, 23].map(async (n) => (await leadOf(`sheet${n}@dates.test`))!.ownerId),
    );
    // Two active users (the Admin and the rep), in turn.
    expect(new Set(owners)).toEqual(new Set([acme.user.id, rep.user._id]));
    expect(owners[0]).not.toBe(owners[1]);
    expect(owners[0]).toBe(owners[2]);
    // A rep without Lead Management cannot spread leads over others.
    const refused = await t.request({
      method: 'POST',
      url: '/api/leads/upload',
      token: rep.token,
      ...multipartWithFields('rr.csv', csvOf(rows), { roundRobin: 'all' }),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('keeps what fits of overflowing notes and puts the rest on the lead’s history', async () => {
    const long = 'n'.repeat(4990);
    const rows = [HEADERS, [...person(30), 'soon-ish', long]];
    const result = await uploadAndWait(t, acme.token, '/api/leads/upload', 'long.csv', csvOf(rows));
    expect(result).toMatchObject({ inserted: 1, errorCount: 0 });
    expect(result.warnings!.map((warning) => warning.message)).toEqual([
      'Expected Close Date "soon-ish" could not be read: left empty, the original kept in the notes',
      "The notes and the originals kept are longer than 5,000 characters: what fits is in the notes, the rest in a note on the lead's history",
    ]);
    const lead = (await leadOf('sheet30@dates.test'))!;
    expect(lead.subject).toBe(long);
    const notes = await t.request({
      method: 'GET',
      url: `/api/leads/${String(lead._id)}/notes`,
      token: acme.token,
    });
    expect(JSON.stringify(notes.json())).toContain('Expected Close Date: soon-ish');
  });
});
