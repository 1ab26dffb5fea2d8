import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './context.ts';
import type { LeadInput } from '@leadline/shared/leads';
import {
  MISSING_ID,
  countLeads,
  createLead,
  expectAnswers,
  expectFieldErrors,
  expectRefusals,
  latestActivity,
  leadPayload,
  openTwoOrganisations,
} from './fixtures.ts';
import type { Call, OrganisationAdmin, Refusal } from './fixtures.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;

beforeAll(async () => ({ t, acme, globex } = await openTwoOrganisations()));
afterAll(() => t.close());

const create = (token: string, overrides: Partial<LeadInput> = {}) =>
  createLead(t, token, overrides);

describe('POST /api/leads', () => {
  it('creates a lead with defaults, the API shape and an activity entry', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/leads',
      token: acme.token,
      payload: {
        companyName: '  Analytical Engines  ',
        personFirstName: 'Ada',
        personLastName: 'Lovelace',
        personEmail: 'Ada@Engines.Test',
        source: 'Referral',
        unknownField: 'ignored',
      },
    });
    expect(response.statusCode).toBe(201);
    const lead = response.json();
    expect(lead).toMatchObject({
      _id: expect.any(String),
      companyName: 'Analytical Engines',
      personEmail: 'ada@engines.test',
      status: 'Cold Lead',
      industry: '',
      size: '',
      mailSent: false,
      sentCount: 0,
      mailSentDate: null,
    });
    expect(new Date(lead.createdAt).toISOString()).toBe(lead.createdAt);
    expect(lead).not.toHaveProperty('unknownField');
    expect(lead).not.toHaveProperty('organizationId');
    expect(lead).not.toHaveProperty('searchText');
    const entry = await latestActivity(t.database.db, acme.organizationId);
    expect(entry).toMatchObject({
      type: 'Lead',
      action: 'created',
      details: 'Lead Ada Lovelace (Analytical Engines) created',
      userId: acme.user._id,
    });
  });

  it('answers every kind of bad input with a 400 and the seed message, storing nothing', async () => {
    const before = await countLeads(t.database.db);
    const cases: [unknown, string, string][] = [
      [{}, 'companyName', 'Company Name is required'],
      [leadPayload({ companyName: '   ' }), 'companyName', 'Company Name is required'],
      [leadPayload({ personFirstName: '' }), 'personFirstName', 'Person First Name is required'],
      [leadPayload({ personLastName: '' }), 'personLastName', 'Person Last Name is required'],
      [leadPayload({ personEmail: '' }), 'personEmail', 'Person Email is required'],
      [
        leadPayload({ personEmail: 'ada@nowhere' }),
        'personEmail',
        'Please enter a valid email address',
      ],
      [{ ...leadPayload(), source: undefined }, 'source', 'Source is required'],
      [leadPayload({ source: 'Carrier pigeon' as never }), 'source', 'Source is required'],
      [leadPayload({ status: 'Lost' as never }), 'status', 'Please choose a valid status'],
      [leadPayload({ size: '7' as never }), 'size', 'Please choose a company size'],
      [
        leadPayload({ contactProfileLink: 'not a url' }),
        'contactProfileLink',
        'Please enter a valid URL',
      ],
      [
        leadPayload({ source: 'LinkedIn' }),
        'contactProfileLink',
        'Contact Profile Link is required',
      ],
      [
        leadPayload({ companyName: 'x'.repeat(201) }),
        'companyName',
        'Company Name must be at most 200 characters',
      ],
      [
        leadPayload({ subject: 'x'.repeat(5001) }),
        'subject',
        'Notes must be at most 5000 characters',
      ],
      [leadPayload({ companyName: 42 as never }), 'companyName', 'Company Name is required'],
      [leadPayload({ industry: ['a'] as never }), 'industry', 'Industry must be text'],
    ];
    await expectFieldErrors(t, acme.token, '/api/leads', cases);
    for (const payload of ['"a string"', '[1,2]', 'null']) {
      const response = await t.request({
        method: 'POST',
        url: '/api/leads',
        token: acme.token,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await countLeads(t.database.db)).toBe(before);
  });

  it('refuses a second lead with the same email in the organisation, in any case', async () => {
    const first = await create(acme.token);
    const before = await countLeads(t.database.db);
    const again = await t.request({
      method: 'POST',
      url: '/api/leads',
      token: acme.token,
      payload: leadPayload({ personEmail: first.personEmail.toUpperCase() }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'A lead with this email already exists',
      errors: { personEmail: 'A lead with this email already exists' },
    });
    expect(await countLeads(t.database.db)).toBe(before);
    // Another organisation may hold the same person.
    await create(globex.token, { personEmail: first.personEmail });
  });
});

describe('GET /api/leads/:id', () => {
  it('reads a lead of the own organisation only', async () => {
    const lead = await create(acme.token);
    const read = await t.request({
      method: 'GET',
      url: `/api/leads/${lead._id}`,
      token: acme.token,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(lead);
    const reads = (ids: string[]) => ids.map((id): Call => ['GET', `/api/leads/${id}`]);
    await expectAnswers(t, globex.token, reads([lead._id, MISSING_ID]), 404, 'Lead not found');
    const malformed = reads(['undefined', 'nope', `${lead._id}x`]);
    await expectAnswers(t, acme.token, malformed, 400, 'Invalid lead ID');
    const long = await t.request({
      method: 'GET',
      url: `/api/leads/${'x'.repeat(500)}`,
      token: acme.token,
    });
    expect(long.statusCode).toBe(414);
    expect(long.json().message).toEqual(expect.any(String));
  });
});

describe('PUT /api/leads/:id', () => {
  it('changes only the fields sent and logs the change', async () => {
    const lead = await create(acme.token, { industry: 'Finance', status: 'Warm Lead' });
    const response = await t.request({
      method: 'PUT',
      url: `/api/leads/${lead._id}`,
      token: acme.token,
      payload: { companyName: 'Difference Engines', personCity: 'London' },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      _id: lead._id,
      companyName: 'Difference Engines',
      personCity: 'London',
      industry: 'Finance',
      status: 'Warm Lead',
      personEmail: lead.personEmail,
    });
    expect(updated.createdAt).toBe(lead.createdAt);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(lead.updatedAt as string),
    );
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      type: 'Lead',
      action: 'updated',
      details: 'Lead Ada Lovelace (Difference Engines) updated',
    });
  });

  it('refuses bad input, duplicates and other organisations without changing anything', async () => {
    const lead = await create(acme.token);
    const taken = await create(acme.token);
    const edit = (id: string, cases: Refusal[]) =>
      expectRefusals(t, acme.token, 'PUT', `/api/leads/${id}`, cases);
    await edit(lead._id, [
      [{}, 400, 'Nothing to update'],
      [{ unknown: 1 }, 400, 'Nothing to update'],
      [{ companyName: '' }, 400, 'Company Name is required'],
      [{ personEmail: 'broken' }, 400, 'Please enter a valid email address'],
      [{ status: 'Lost' }, 400, 'Please choose a valid status'],
      [{ source: 'LinkedIn' }, 400, 'Contact Profile Link is required'],
      [{ source: 'LinkedIn', contactProfileLink: '' }, 400, 'Contact Profile Link is required'],
      [{ personEmail: taken.personEmail }, 409, 'A lead with this email already exists'],
    ]);
    await edit('undefined', [[{ companyName: 'X' }, 400, 'Invalid lead ID']]);
    await edit(MISSING_ID, [[{ companyName: 'X' }, 404, 'Lead not found']]);
    const foreign = await t.request({
      method: 'PUT',
      url: `/api/leads/${lead._id}`,
      token: globex.token,
      payload: { companyName: 'Stolen' },
    });
    expect(foreign.statusCode).toBe(404);
    const read = await t.request({
      method: 'GET',
      url: `/api/leads/${lead._id}`,
      token: acme.token,
    });
    expect(read.json()).toEqual(lead);
  });

  it('accepts a social source when the lead already has a profile link', async () => {
    const lead = await create(acme.token, { contactProfileLink: 'https://example.com/ada' });
    const response = await t.request({
      method: 'PUT',
      url: `/api/leads/${lead._id}`,
      token: acme.token,
      payload: { source: 'LinkedIn' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      source: 'LinkedIn',
      contactProfileLink: 'https://example.com/ada',
    });
  });
});

describe('PATCH /api/leads/:id/status', () => {
  it('changes the status and logs from what to what', async () => {
    const lead = await create(acme.token);
    const response = await t.request({
      method: 'PATCH',
      url: `/api/leads/${lead._id}/status`,
      token: acme.token,
      payload: { status: 'Hot Lead' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: lead._id, status: 'Hot Lead' });
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      type: 'Lead',
      action: 'status changed',
      details: 'Status of Ada Lovelace changed from Cold Lead to Hot Lead',
    });
  });

  it('refuses unknown statuses, bad ids and other organisations', async () => {
    const lead = await create(acme.token);
    const cases: [string, string, unknown, number][] = [
      [acme.token, lead._id, { status: 'Lost' }, 400],
      [acme.token, lead._id, { status: 'hot lead' }, 400],
      [acme.token, lead._id, {}, 400],
      [acme.token, 'undefined', { status: 'Qualified' }, 400],
      [acme.token, MISSING_ID, { status: 'Qualified' }, 404],
      [globex.token, lead._id, { status: 'Qualified' }, 404],
    ];
    for (const [token, id, payload, status] of cases) {
      const response = await t.request({
        method: 'PATCH',
        url: `/api/leads/${id}/status`,
        token,
        payload: payload as object,
      });
      expect(response.statusCode, `${id} ${JSON.stringify(payload)}`).toBe(status);
    }
    const read = await t.request({
      method: 'GET',
      url: `/api/leads/${lead._id}`,
      token: acme.token,
    });
    expect(read.json().status).toBe('Cold Lead');
  });
});
