import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import type { LeadInput } from '@leadline/shared/leads';
import {
  MISSING_ID,
  adminOf,
  countLeads,
  createLead,
  latestActivity,
  leadPayload,
} from './fixtures.ts';

let t: TestContext;
let acme: Awaited<ReturnType<typeof adminOf>>;
let globex: Awaited<ReturnType<typeof adminOf>>;

beforeAll(async () => {
  t = await createTestContext();
  acme = await adminOf(t, 'acme');
  globex = await adminOf(t, 'globex');
});
afterAll(() => t.close());

const create = (token: string, overrides: Partial<LeadInput> = {}) =>
  createLead(t, token, overrides);

describe('DELETE /api/leads/:id', () => {
  it('deletes a lead of the own organisation and logs it', async () => {
    const lead = await create(acme.token, { personFirstName: 'Grace', personLastName: 'Hopper' });
    const foreign = await t.request({
      method: 'DELETE',
      url: `/api/leads/${lead._id}`,
      token: globex.token,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Lead not found');
    const response = await t.request({
      method: 'DELETE',
      url: `/api/leads/${lead._id}`,
      token: acme.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Lead deleted successfully' });
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      action: 'deleted',
      details: 'Lead Grace Hopper (Acme) deleted',
    });
    const again = await t.request({
      method: 'DELETE',
      url: `/api/leads/${lead._id}`,
      token: acme.token,
    });
    expect(again.statusCode).toBe(404);
  });

  it("answers 'Invalid lead ID' for a missing or 'undefined' id", async () => {
    for (const url of ['/api/leads/undefined', '/api/leads/', '/api/leads/12']) {
      const response = await t.request({ method: 'DELETE', url, token: acme.token });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe('Invalid lead ID');
    }
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
    const cases: [unknown, string][] = [
      [{}, 'No lead IDs provided for bulk deletion'],
      [{ leadIds: [] }, 'No lead IDs provided for bulk deletion'],
      [{ leadIds: 'all' }, 'No lead IDs provided for bulk deletion'],
      [{ leadIds: [lead._id, 'undefined'] }, 'Invalid lead ID'],
      [{ leadIds: [lead._id, 7] }, expect.any(String) as never],
      [
        { leadIds: Array.from({ length: 10_001 }, () => lead._id) },
        'At most 10,000 leads can be deleted at once',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await t.request({
        method: 'POST',
        url: '/api/leads/bulk-delete',
        token: acme.token,
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().message).toEqual(message);
    }
    expect(await countLeads(t.database.db)).toBe(before);
  });
});

describe('who may use the leads routes', () => {
  it('tells a Super Admin to use an organisation user', async () => {
    const root = await t.rootToken();
    const lead = await create(acme.token);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/leads'],
      ['POST', '/api/leads', leadPayload()],
      ['GET', `/api/leads/${lead._id}`],
      ['PUT', `/api/leads/${lead._id}`, { companyName: 'X' }],
      ['PATCH', `/api/leads/${lead._id}/status`, { status: 'Qualified' }],
      ['DELETE', `/api/leads/${lead._id}`],
      ['POST', '/api/leads/bulk-delete', { leadIds: [lead._id] }],
    ];
    for (const [method, url, payload] of calls) {
      const response = await t.request({
        method: method as 'GET',
        url,
        token: root,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().message).toBe('Choose an organization user to manage leads');
    }
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
    for (const [method, url, payload] of [
      ['GET', '/api/leads', undefined],
      ['GET', `/api/leads/${lead._id}`, undefined],
      ['PUT', `/api/leads/${lead._id}`, { companyName: 'X' }],
      ['PATCH', `/api/leads/${lead._id}/status`, { status: 'Qualified' }],
      ['DELETE', `/api/leads/${lead._id}`, undefined],
      ['POST', '/api/leads/bulk-delete', { leadIds: [lead._id] }],
    ] as const) {
      const body = payload ? { payload } : {};
      const refused = await t.request({ method, url, token: creator, ...body });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().message).toBe('You do not have permission to access Leads.');
      const anonymous = await t.request({ method, url, ...body });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
