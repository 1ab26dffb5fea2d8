import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './context.ts';
import type { LeadInput } from '@leadline/shared/leads';
import {
  MISSING_ID,
  countLeads,
  createLead,
  expectAnswers,
  expectDeleted,
  expectRefusals,
  latestActivity,
  leadPayload,
  openTwoOrganisations,
} from './fixtures.ts';
import type { Call, OrganisationAdmin } from './fixtures.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;

beforeAll(async () => ({ t, acme, globex } = await openTwoOrganisations()));
afterAll(() => t.close());

const create = (token: string, overrides: Partial<LeadInput> = {}) =>
  createLead(t, token, overrides);

describe('DELETE /api/leads/:id', () => {
  it('deletes a lead of the own organisation and logs it', async () => {
    const lead = await create(acme.token, { personFirstName: 'Grace', personLastName: 'Hopper' });
    const url = `/api/leads/${lead._id}`;
    const foreign = await t.request({ method: 'DELETE', url, token: globex.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Lead not found');
    const details = 'Lead Grace Hopper (Acme) deleted';
    await expectDeleted(t, acme, url, 'Lead deleted successfully', details);
    const again = await t.request({ method: 'DELETE', url, token: acme.token });
    expect(again.statusCode).toBe(404);
  });

  it("answers 'Invalid lead ID' for a missing or 'undefined' id", async () => {
    const urls = ['/api/leads/undefined', '/api/leads/', '/api/leads/12'];
    const calls = urls.map((url): Call => ['DELETE', url]);
    await expectAnswers(t, acme.token, calls, 400, 'Invalid lead ID');
  });
});

describe('POST /api/leads/bulk-delete', () => {
  it("deletes the caller's leads only, ignoring other organisations' ids", async () => {
    const mine = [await create(acme.token), await create(acme.token), await create(acme.token)];
    const theirs = await create(globex.token);
    const before = await countLeads(t.database.db, globex.organizationId);
    const response = await t.request({
      method: 'POST',
      url: '/api/leads/bulk-delete',
      token: acme.token,
      payload: { leadIds: [mine[0]!._id, mine[1]!._id, mine[1]!._id, theirs._id, MISSING_ID] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Selected leads deleted successfully',
      deletedCount: 2,
    });
    expect(await countLeads(t.database.db, globex.organizationId)).toBe(before);
    const survivor = await t.request({
      method: 'GET',
      url: `/api/leads/${mine[2]!._id}`,
      token: acme.token,
    });
    expect(survivor.statusCode).toBe(200);
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      type: 'Lead',
      action: 'bulk deleted',
      details: '2 leads deleted',
    });
  });

  it('refuses an empty, missing or malformed id list and deletes nothing', async () => {
    const lead = await create(acme.token);
    const before = await countLeads(t.database.db);
    await expectRefusals(t, acme.token, 'POST', '/api/leads/bulk-delete', [
      [{}, 400, 'No lead IDs provided for bulk deletion'],
      [{ leadIds: [] }, 400, 'No lead IDs provided for bulk deletion'],
      [{ leadIds: 'all' }, 400, 'No lead IDs provided for bulk deletion'],
      [{ leadIds: [lead._id, 'undefined'] }, 400, 'Invalid lead ID'],
      [{ leadIds: [lead._id, 7] }, 400, expect.any(String)],
      [
        { leadIds: Array.from({ length: 10_001 }, () => lead._id) },
        400,
        'At most 10,000 leads can be deleted at once',
      ],
    ]);
    expect(await countLeads(t.database.db)).toBe(before);
  });
});

describe('who may use the leads routes', () => {
  it('tells a Super Admin of several organisations to choose one', async () => {
    const root = await t.rootToken();
    const lead = await create(acme.token);
    const calls: Call[] = [
      ['GET', '/api/leads'],
      ['POST', '/api/leads', leadPayload()],
      ['GET', `/api/leads/${lead._id}`],
      ['PUT', `/api/leads/${lead._id}`, { companyName: 'X' }],
      ['PATCH', `/api/leads/${lead._id}/status`, { status: 'Qualified' }],
      ['DELETE', `/api/leads/${lead._id}`],
      ['POST', '/api/leads/bulk-delete', { leadIds: [lead._id] }],
    ];
    await expectAnswers(
      t,
      root,
      calls,
      400,
      'Choose an organisation in the header to manage leads',
    );
    expect(
      (await t.request({ method: 'GET', url: `/api/leads/${lead._id}`, token: acme.token }))
        .statusCode,
    ).toBe(200);
  });

  it('needs leadsTable to read and change, createLead to create, and a token', async () => {
    const lead = await create(acme.token);
    const { token: viewer } = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      permissions: { leadsTable: true },
    });
    const { token: creator } = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      permissions: { createLead: true },
    });
    const post = await t.request({
      method: 'POST',
      url: '/api/leads',
      token: viewer,
      payload: leadPayload(),
    });
    expect(post.statusCode).toBe(403);
    expect(post.json().message).toBe('You do not have permission to access Create Lead.');
    expect((await t.request({ method: 'GET', url: '/api/leads', token: viewer })).statusCode).toBe(
      200,
    );
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/leads',
          token: creator,
          payload: leadPayload(),
        })
      ).statusCode,
    ).toBe(201);
    const calls: Call[] = [
      ['GET', '/api/leads'],
      ['GET', `/api/leads/${lead._id}`],
      ['PUT', `/api/leads/${lead._id}`, { companyName: 'X' }],
      ['PATCH', `/api/leads/${lead._id}/status`, { status: 'Qualified' }],
      ['DELETE', `/api/leads/${lead._id}`],
      ['POST', '/api/leads/bulk-delete', { leadIds: [lead._id] }],
    ];
    await expectAnswers(t, creator, calls, 403, 'You do not have permission to access Leads.');
    await expectAnswers(t, undefined, calls, 401);
  });
});
