import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTwoOrganisations } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import type { TestContext } from './context.ts';
import { multipart, multipartWithFields, uploadAndWait, waitForImport } from './upload.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;

beforeAll(async () => {
  ({ t, acme, globex } = await openTwoOrganisations());
});
afterAll(() => t.close());

const leadsOf = async (token: string, search: string) =>
  (await t.request({ method: 'GET', url: `/api/leads?search=${search}`, token })).json()
    .leads as Record<string, string>[];

// A normal export from another CRM: social sources without profile links, synonyms, an
// unknown source, bad rows.
const EXPORT = [
  'Company Name,First Name,Last Name,Email,Source,Notes',
  'Initech,Peter,Gibbons,peter@initech.test,LinkedIn,',
  'Initech,Samir,Nagheenanajar,samir@initech.test,linkedin.com,',
  'Initech,Michael,Bolton,michael@initech.test,Cold email,',
  'Initech,Milton,Waddams,milton@initech.test,Trade fair 2026,Red stapler',
  'Initech,Bill,Lumbergh,,Referral,',
  'Initech,,Smykowski,tom@initech.test,Referral,',
  'Initech,Bob,Slydell,not-an-email,Twitter,',
  ',Bob,Porter,,Website,',
].join('\n');

describe('forgiving imports (issue 12)', () => {
  it('keeps rows with a missing profile link or an unknown source as warnings, each problem once', async () => {
    const result = await uploadAndWait(t, acme.token, '/api/leads/upload', 'export.csv', EXPORT);
    expect(result).toMatchObject({
      status: 'completed',
      total: 8,
      inserted: 4,
      duplicates: 0,
      errorCount: 4,
      warningCount: 3,
    });
    expect(result.errors).toEqual([
      { row: 6, message: 'Person Email is required' },
      { row: 7, message: 'Person First Name is required' },
      { row: 8, message: 'Please enter a valid email address' },
      { row: 9, message: 'Company Name is required; Person Email is required' },
    ]);
    expect(result.warnings).toEqual([
      { row: 2, message: 'No contact profile link for a LinkedIn lead' },
      { row: 3, message: 'No contact profile link for a LinkedIn lead' },
      {
        row: 5,
        message:
          'Source "Trade fair 2026" is not a known source: saved as Other, the original kept in the notes',
      },
    ]);
    const [samir] = await leadsOf(acme.token, 'samir');
    expect(samir).toMatchObject({ source: 'LinkedIn', contactProfileLink: '' });
    const [michael] = await leadsOf(acme.token, 'michael');
    expect(michael).toMatchObject({ source: 'Cold Email' });
    const [milton] = await leadsOf(acme.token, 'milton');
    expect(milton).toMatchObject({
      source: 'Other',
      subject: 'Red stapler\nSource: Trade fair 2026',
    });
  });

  it('offers the refused rows and their reasons as a CSV, only to the organisation', async () => {
    const csv =
      '\ufeffCompany Name,First Name,Last Name,Email,Source\n=cmd(),Ada,,ada@x.test,Referral\n';
    const accepted = await t.request({
      method: 'POST',
      url: '/api/leads/upload',
      token: acme.token,
      ...multipart('bad leads.csv', csv),
    });
    const { importId } = accepted.json();
    const result = await waitForImport(t, acme.token, importId);
    expect(result).toMatchObject({ inserted: 0, errorCount: 1 });
    const download = await t.request({
      method: 'GET',
      url: `/api/imports/${importId}/failed-rows`,
      token: acme.token,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="bad leads-failed-rows.csv"',
    );
    expect(download.body.replace(/^\ufeff/, '').split('\r\n')).toEqual([
      // Issue 25: the upload as it was plus a first column with the reason; only a formula a
      // spreadsheet would run is written as text.
      'Import problem,Company Name,First Name,Last Name,Email,Source',
      "Row 2: Person Last Name is required,'=cmd(),Ada,,ada@x.test,Referral",
      '',
    ]);
    const foreign = await t.request({
      method: 'GET',
      url: `/api/imports/${importId}/failed-rows`,
      token: globex.token,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('reports a client file whose rows all fail as 0 added', async () => {
    const csv = 'Company Name,Email,Contact,Company Category\nAcme,,Jo,Retail\n,x@y.test,,\n';
    const result = await uploadAndWait(t, acme.token, '/api/clients/upload', 'c.csv', csv);
    expect(result).toMatchObject({ status: 'completed', inserted: 0, errorCount: 2 });
    expect(result.errors).toEqual([
      { row: 2, message: 'Email is required' },
      {
        row: 3,
        message:
          'Company name is required; Contact person is required; Company category is required',
      },
    ]);
  });
});

const OTHER_CRM =
  'Company,First name,Surname,Mail,Channel,Internal id\nHooli,Gavin,Belson,gavin@hooli.test,fb,7\n';
const MAPPING = ['companyName', 'personFirstName', 'personLastName', 'personEmail', 'source', null];

describe('the mapping step', () => {
  it('previews the columns, their automatic match and the first rows, even with required columns unmatched', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/leads/upload/preview',
      token: acme.token,
      ...multipart('other.csv', OTHER_CRM),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      filename: 'other.csv',
      headers: ['Company', 'First name', 'Surname', 'Mail', 'Channel', 'Internal id'],
      mapping: ['companyName', 'personFirstName', 'personLastName', null, null, null],
      automatic: ['companyName', 'personFirstName', 'personLastName', null, null, null],
      preset: null,
      rows: [{ row: 2, cells: ['Hooli', 'Gavin', 'Belson', 'gavin@hooli.test', 'fb', '7'] }],
      estimatedRows: 1,
      dateOrders: [null, null, null, null, null, null],
      customFields: [],
    });
  });

  it('refuses the one-step upload of that file, naming the missing columns', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/leads/upload',
      token: acme.token,
      ...multipart('other.csv', OTHER_CRM),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'The file has no column for: Person Email, Source. The first row must name the columns.',
    );
  });

  it('imports with the mapping sent beside the file', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/leads/upload',
      token: acme.token,
      ...multipartWithFields('other.csv', OTHER_CRM, { mapping: JSON.stringify(MAPPING) }),
    });
    expect(response.statusCode, response.body).toBe(202);
    const result = await waitForImport(t, acme.token, response.json().importId);
    expect(result).toMatchObject({ inserted: 1, errorCount: 0, warningCount: 1 });
    expect(result.warnings).toEqual([
      { row: 2, message: 'No contact profile link for a Facebook lead' },
    ]);
    const [gavin] = await leadsOf(acme.token, 'gavin');
    expect(gavin).toMatchObject({ companyName: 'Hooli', source: 'Facebook', subject: '' });
  });

  it('refuses a mapping that does not fit, with a clear message', async () => {
    const cases: [string, string][] = [
      [
        'not json',
        'The mapping must be a JSON array naming a field (or null) for each column of the file',
      ],
      [
        JSON.stringify(MAPPING.slice(0, 5)),
        'The mapping names 5 columns but the file has 6. Preview the file again.',
      ],
      [
        JSON.stringify([
          'companyName',
          'companyName',
          'personLastName',
          'personEmail',
          'source',
          null,
        ]),
        'Company Name is chosen for more than one column. Choose a column for: Person First Name',
      ],
      [
        JSON.stringify([
          'companyName',
          'personFirstName',
          'personLastName',
          'personEmail',
          'password',
          null,
        ]),
        '"password" is not a field that can be imported. Choose a column for: Source',
      ],
    ];
    for (const [mapping, message] of cases) {
      const response = await t.request({
        method: 'POST',
        url: '/api/leads/upload',
        token: acme.token,
        ...multipartWithFields('other.csv', OTHER_CRM, { mapping }),
      });
      expect(response.statusCode, mapping).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('saves a preset per organisation, chooses it for the same headers, and uses it in one step', async () => {
    const headers = ['Company', 'First name', 'Surname', 'Mail', 'Channel', 'Internal id'];
    const saved = await t.request({
      method: 'PUT',
      url: '/api/leads/import-presets',
      token: acme.token,
      payload: { name: 'Old CRM', headers, mapping: MAPPING },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const preset = saved.json();
    expect(preset).toMatchObject({ name: 'Old CRM', headers, mapping: MAPPING });

    // The same headers spelled differently still match.
    const respelled = OTHER_CRM.replace('Internal id', 'INTERNAL-ID').replace('gavin', 'richard');
    const preview = await t.request({
      method: 'POST',
      url: '/api/leads/upload/preview',
      token: acme.token,
      ...multipart('other.csv', respelled),
    });
    expect(preview.json()).toMatchObject({ mapping: MAPPING, preset: { id: preset.id } });

    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/leads/upload/preview',
      token: globex.token,
      ...multipart('other.csv', respelled),
    });
    expect(elsewhere.json().preset).toBeNull();
    const list = await t.request({
      method: 'GET',
      url: '/api/leads/import-presets',
      token: globex.token,
    });
    expect(list.json()).toEqual([]);
    const notTheirs = await t.request({
      method: 'DELETE',
      url: `/api/leads/import-presets/${preset.id}`,
      token: globex.token,
    });
    expect(notTheirs.statusCode).toBe(404);

    const result = await uploadAndWait(t, acme.token, '/api/leads/upload', 'other.csv', respelled);
    expect(result).toMatchObject({ inserted: 1, errorCount: 0 });

    const removed = await t.request({
      method: 'DELETE',
      url: `/api/leads/import-presets/${preset.id}`,
      token: acme.token,
    });
    expect(removed.statusCode).toBe(204);
    const after = await t.request({
      method: 'GET',
      url: '/api/leads/import-presets',
      token: acme.token,
    });
    expect(after.json()).toEqual([]);
  });

  it('refuses a preset that leaves out a required field', async () => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/clients/import-presets',
      token: acme.token,
      payload: { name: 'Broken', headers: ['A', 'B'], mapping: ['companyName', null] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Choose a column for: Email, Contact, Company Category');
  });
});
