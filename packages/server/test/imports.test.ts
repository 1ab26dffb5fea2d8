import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, countLeads, createLead, organizationIdOf } from './fixtures.ts';
import { multipart, uploadAndWait, xlsxFile } from './upload.ts';
import { createImport, findImport } from '../src/modules/imports/repo.ts';
import { runImport } from '../src/modules/imports/service.ts';

let t: TestContext;
let acme: Awaited<ReturnType<typeof adminOf>>;
let globex: Awaited<ReturnType<typeof adminOf>>;

beforeAll(async () => {
  t = await createTestContext();
  acme = await adminOf(t, 'acme-imports');
  globex = await adminOf(t, 'globex-imports');
});
afterAll(() => t.close());

const HEADER = 'Company Name,First Name,Last Name,Email,Source,Status,Notes';

describe('POST /api/leads/upload', () => {
  it('imports good rows, reports bad rows by number and skips duplicates', async () => {
    await createLead(t, acme.token, { personEmail: 'existing@acme.test' });
    const csv = [
      HEADER,
      'Acme,Ada,Lovelace,ada@acme.test,REFERRAL,hot lead,=1+1',
      'Acme,,Nameless,nameless@acme.test,Referral,,',
      'Acme,Grace,Hopper,not-an-email,Referral,,',
      'Acme,Ada,Again,ADA@acme.test,Referral,,',
      'Acme,Old,Friend,existing@acme.test,Website,,',
      'Acme,Alan,Turing,alan@acme.test,Martian,,',
      'Acme,Katherine,Johnson,katherine@acme.test,cold email,,',
    ].join('\n');
    const before = await countLeads(t.database.db, acme.organizationId);
    const result = await uploadAndWait(t, acme.token, '/api/leads/upload', 'leads.csv', csv);
    expect(result).toMatchObject({
      status: 'completed',
      total: 7,
      processed: 7,
      inserted: 3,
      duplicates: 2,
      errorCount: 2,
    });
    expect(result.errors).toEqual([
      { row: 3, message: 'Person First Name is required' },
      { row: 4, message: 'Please enter a valid email address' },
    ]);
    // An unknown source is a warning (issue 12): the lead is kept as Other.
    expect(result).toMatchObject({
      warningCount: 1,
      warnings: [
        {
          row: 7,
          message:
            'Source "Martian" is not a known source: saved as Other, the original kept in the notes',
        },
      ],
    });
    expect(await countLeads(t.database.db, acme.organizationId)).toBe(before + 3);
    const list = await t.request({
      method: 'GET',
      url: '/api/leads?search=lovelace',
      token: acme.token,
    });
    expect(list.json().leads[0]).toMatchObject({
      source: 'Referral',
      status: 'Hot Lead',
      subject: '=1+1',
    });
    const activity = await t.request({
      method: 'GET',
      url: '/api/activity?limit=1',
      token: acme.token,
    });
    expect(activity.json()[0]).toMatchObject({ type: 'Lead', action: 'imported' });
  });

  it('refuses a wrong type, a corrupt file, an oversized file and a missing file with a 400, storing nothing', async () => {
    const count = async () =>
      (
        (await t.database.executeSql('SELECT count(*)::int AS n FROM imports')).rows[0] as {
          n: number;
        }
      ).n;
    const before = await count();
    const cases: [string, Buffer | string, string][] = [
      ['leads.pdf', '%PDF-1.4', 'Please upload an .xlsx, .xls or .csv file'],
      ['leads.xlsx', 'not a zip at all', 'The file is not a valid .xlsx spreadsheet'],
      [
        'leads.xlsx',
        xlsxFile([['Company Name'], ['x']]).subarray(0, 300),
        'The file could not be read as a spreadsheet',
      ],
      [
        'leads.csv',
        'Company,Email\nAcme,a@b.co\n',
        'The file has no column for: Person First Name, Person Last Name, Source. The first row must name the columns.',
      ],
      ['leads.csv', Buffer.alloc(26 * 1024 * 1024, 'a'), 'The file is larger than 25 MB'],
    ];
    for (const [filename, content, message] of cases) {
      const response = await t.request({
        method: 'POST',
        url: '/api/leads/upload',
        token: acme.token,
        ...multipart(filename, content),
      });
      expect(response.statusCode, filename).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const wrongField = await t.request({
      method: 'POST',
      url: '/api/leads/upload',
      token: acme.token,
      ...multipart('leads.csv', `${HEADER}\n`, 'document'),
    });
    expect(wrongField.statusCode).toBe(400);
    const notMultipart = await t.request({
      method: 'POST',
      url: '/api/leads/upload',
      token: acme.token,
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('keeps imports to their organisation and checks permissions', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/leads/upload',
      token: acme.token,
      ...multipart('leads.csv', `${HEADER}\nAcme,Zed,Zee,zed@acme.test,Event,,\n`),
    });
    const { importId } = response.json();
    expect(
      (await t.request({ method: 'GET', url: `/api/imports/${importId}`, token: globex.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: '/api/imports/nope', token: acme.token })).statusCode,
    ).toBe(404);
    const { token: rep } = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme-imports',
      permissions: { leadsTable: true },
    });
    const refused = await t.request({
      method: 'POST',
      url: '/api/leads/upload',
      token: rep,
      ...multipart('leads.csv', `${HEADER}\n`),
    });
    expect(refused.statusCode).toBe(403);
    const root = await t.request({
      method: 'POST',
      url: '/api/leads/upload',
      token: await t.rootToken(),
      ...multipart('leads.csv', `${HEADER}\nA,B,C,d@e.fg,Event,,\n`),
    });
    expect(root.statusCode).toBe(400);
  });

  it('resumes a job cut off mid-way without inserting anything twice', async () => {
    const org = await organizationIdOf(t.database.db, 'globex-imports');
    const rows = Array.from(
      { length: 2500 },
      (_, i) => `Globex,First${i},Last${i},resume${i}@globex.test,Referral,,`,
    );
    const file = Buffer.from([HEADER, ...rows].join('\n'));
    const importId = await createImport(t.database.db, {
      organizationId: org,
      userId: globex.user._id,
      kind: 'leads',
      filename: 'resume.csv',
      file,
    });
    // As if a first run had committed the first batch (rows 1-1000) and then died.
    await t.database.db
      .execute(sql`INSERT INTO leads (organization_id, company_name, person_first_name, person_last_name, person_email, source)
      SELECT ${org}, 'Globex', 'First' || g, 'Last' || g, 'resume' || g || '@globex.test', 'Referral' FROM generate_series(0, 999) g`);
    await t.database.db.execute(
      sql`UPDATE imports SET processed = 1000, inserted = 1000 WHERE id = ${importId}`,
    );
    await runImport(t.database.db, importId);
    await runImport(t.database.db, importId);
    const job = await findImport(t.database.db, importId, null);
    expect(job).toMatchObject({
      status: 'completed',
      total: 2500,
      processed: 2500,
      inserted: 2500,
      duplicates: 0,
    });
    const n = await t.database.executeSql(
      "SELECT count(*)::int AS n FROM leads WHERE person_email LIKE 'resume%@globex.test'",
    );
    expect((n.rows[0] as { n: number }).n).toBe(2500);
  });
});

describe('batches', () => {
  it('counts duplicates within the file and against existing leads across batches, and numbers rows as the file does', async () => {
    const { token, organizationId } = await adminOf(t, 'batches-imports');
    for (const n of [1, 2, 3]) await createLead(t, token, { personEmail: `kept${n}@batch.test` });
    const email = (i: number) => `row${i}@batch.test`;
    const rows = Array.from({ length: 4500 }, (_, index) => {
      const i = index + 1;
      const address =
        i === 10
          ? email(2).toUpperCase() // repeats row 2, same batch
          : i === 2500
            ? email(5) // repeats row 5, next batch
            : i >= 3001 && i <= 3003
              ? `KEPT${i - 3000}@batch.test` // already in the organisation
              : i === 4000
                ? 'not-an-email'
                : email(i);
      return `Batch Co,First${i},Last${i},${address},Event,,`;
    });
    // A blank line after data row 100: the rows below it are one further down the file.
    const csv = [HEADER, ...rows.slice(0, 100), '', ...rows.slice(100)].join('\r\n');
    const result = await uploadAndWait(t, token, '/api/leads/upload', 'batch.csv', csv);
    expect(result).toMatchObject({
      status: 'completed',
      total: 4500,
      processed: 4500,
      inserted: 4494,
      duplicates: 5,
      errorCount: 1,
    });
    expect(result.errors).toEqual([{ row: 4002, message: 'Please enter a valid email address' }]);
    expect(await countLeads(t.database.db, organizationId)).toBe(3 + 4494);
    const repeated = await t.request({
      method: 'GET',
      url: '/api/leads?search=row2%40batch.test',
      token,
    });
    expect(
      repeated.json().leads.map((lead: { personFirstName: string }) => lead.personFirstName),
    ).toEqual(['First2']);
  });

  it('drops NUL characters from .xls cells (the database cannot store them)', async () => {
    const { token } = await adminOf(t, 'nul-imports');
    const file = xlsxFile(
      [
        ['Company Name', 'First Name', 'Last Name', 'Email', 'Source'],
        ['Nul\u0000 Co', 'Ne\u0000ll', 'Null', 'nul\u0000@nul.test', 'Event'],
      ],
      'xls',
    );
    const result = await uploadAndWait(t, token, '/api/leads/upload', 'nul.xls', file);
    expect(result).toMatchObject({ status: 'completed', inserted: 1, errorCount: 0 });
    const found = await t.request({
      method: 'GET',
      url: '/api/leads?search=nul%40nul.test',
      token,
    });
    expect(found.json().leads[0]).toMatchObject({
      companyName: 'Nul Co',
      personFirstName: 'Nell',
      personEmail: 'nul@nul.test',
    });
  });

  it('reads a UTF-8 CSV without a byte order mark as UTF-8', async () => {
    const { token } = await adminOf(t, 'accents-imports');
    const result = await uploadAndWait(
      t,
      token,
      '/api/leads/upload',
      'accents.csv',
      `${HEADER}\nZürich Labs,José,Muñoz,jose@zurich.test,Event,,Café meeting\n`,
    );
    expect(result).toMatchObject({ status: 'completed', inserted: 1 });
    const list = await t.request({ method: 'GET', url: '/api/leads?search=jose%40zurich', token });
    expect(list.json().leads[0]).toMatchObject({
      companyName: 'Zürich Labs',
      personFirstName: 'José',
      personLastName: 'Muñoz',
      subject: 'Café meeting',
    });
  });
});

describe('POST /api/clients/upload', () => {
  it('imports clients by their column names', async () => {
    const file = xlsxFile([
      [
        'Company Name',
        'Parent Company',
        'Website',
        'Email',
        'Contact Person',
        'Category',
        'Address',
      ],
      [
        'Initech',
        'Intertrode',
        'https://initech.test',
        'bill@initech.test',
        'Bill Lumbergh',
        'Technology',
        '1 Office Park',
      ],
      ['Broken', '', 'initech.test', 'broken@initech.test', 'Peter Gibbons', 'Technology', ''],
    ]);
    const result = await uploadAndWait(t, acme.token, '/api/clients/upload', 'clients.xlsx', file);
    // Issue 25: an optional field that cannot be read is left empty and named, not a refusal.
    expect(result).toMatchObject({ status: 'completed', inserted: 2, errorCount: 0 });
    expect(result.warnings).toEqual([
      { row: 3, message: 'Website "initech.test" could not be read: left empty' },
    ]);
    const list = await t.request({
      method: 'GET',
      url: '/api/clients?search=initech',
      token: acme.token,
    });
    const clients = list.json().clients as { companyName: string; website: string }[];
    expect(clients.find((client) => client.companyName === 'Broken')).toMatchObject({
      website: '',
    });
    expect(clients.find((client) => client.companyName === 'Initech')).toMatchObject({
      companyName: 'Initech',
      pic: 'BL',
      companyCategory: 'Technology',
    });
  });
});
