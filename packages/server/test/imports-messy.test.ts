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
      phone: '+49 (30) 555-1001',
      contactProfileLink: '',
    });
    // A LinkedIn row's LinkedIn URL is its profile link.
    expect(await leadOf('messy5@example.test')).toMatchObject({
      source: 'LinkedIn',
      contactProfileLink: 'https://www.linkedin.com/in/messy-5',
    });
  });

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
