import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@leadline/shared/activity';
import type { TestContext } from './context.ts';
import { clientPayload, countActivity, leadPayload, openTwoOrganisations } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;

beforeAll(async () => ({ t, acme, globex } = await openTwoOrganisations()));
afterAll(() => t.close());

const feed = async (query: string, token = acme.token): Promise<ActivityEntry[]> => {
  const response = await t.request({ method: 'GET', url: `/api/activity?${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const send = async (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
  const response = await t.request({
    method,
    url,
    token: acme.token,
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
};

describe('GET /api/activity', () => {
  it('records every lead and client change, newest first', async () => {
    const lead = await send(
      'POST',
      '/api/leads',
      leadPayload({ personFirstName: 'Alan', personLastName: 'Turing', companyName: 'Bletchley' }),
    );
    await send('PUT', `/api/leads/${lead._id}`, { industry: 'Defence' });
    await send('PATCH', `/api/leads/${lead._id}/status`, { status: 'Qualified' });
    const other = await send('POST', '/api/leads', leadPayload());
    await send('POST', '/api/leads/bulk-delete', { leadIds: [other._id] });
    await send('DELETE', `/api/leads/${lead._id}`);
    const client = await send('POST', '/api/clients', clientPayload({ companyName: 'Hooli' }));
    await send('PUT', `/api/clients/${client._id}`, { fullAddress: 'Palo Alto' });
    await send('DELETE', `/api/clients/${client._id}`);

    const entries = await feed('limit=9');
    expect(entries.map(({ type, action, details }) => [type, action, details])).toEqual([
      ['Client', 'deleted', 'Client Hooli deleted'],
      ['Client', 'updated', 'Client Hooli updated'],
      ['Client', 'created', 'Client Hooli created'],
      ['Lead', 'deleted', 'Lead Alan Turing (Bletchley) deleted'],
      ['Lead', 'bulk deleted', '1 lead deleted'],
      ['Lead', 'created', 'Lead Ada Lovelace (Acme) created'],
      ['Lead', 'status changed', 'Status of Alan Turing changed from Cold Lead to Qualified'],
      ['Lead', 'updated', 'Lead Alan Turing (Bletchley) updated'],
      ['Lead', 'created', 'Lead Alan Turing (Bletchley) created'],
    ]);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['_id', 'action', 'details', 'timestamp', 'type']);
      expect(new Date(entry.timestamp).toISOString()).toBe(entry.timestamp);
    }
  });

  it('writes nothing when a change is refused', async () => {
    const lead = await send('POST', '/api/leads', leadPayload());
    const before = await countActivity(t.database.db);
    const duplicate = await t.request({
      method: 'POST',
      url: '/api/leads',
      token: acme.token,
      payload: leadPayload({ personEmail: lead.personEmail }),
    });
    expect(duplicate.statusCode).toBe(409);
    const foreign = await t.request({
      method: 'DELETE',
      url: `/api/leads/${lead._id}`,
      token: globex.token,
    });
    expect(foreign.statusCode).toBe(404);
    const nothing = await t.request({
      method: 'POST',
      url: '/api/leads/bulk-delete',
      token: globex.token,
      payload: { leadIds: [lead._id] },
    });
    expect(nothing.json().deletedCount).toBe(0);
    expect(await countActivity(t.database.db)).toBe(before);
  });

  it('pages with before, without overlaps, and keeps organisations apart', async () => {
    for (let i = 0; i < 12; i++) {
      await send('POST', '/api/leads', leadPayload({ personFirstName: `Page${i}` }));
    }
    await t.request({
      method: 'POST',
      url: '/api/leads',
      token: globex.token,
      payload: leadPayload({ personFirstName: 'Foreign' }),
    });
    const all = await feed('limit=200');
    const pages: ActivityEntry[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await feed(`limit=7${before ? `&before=${before}` : ''}`);
      pages.push(...page);
      if (page.length < 7) break;
      before = page.at(-1)!._id;
    }
    expect(pages.map((e) => e._id)).toEqual(all.map((e) => e._id));
    expect(new Set(pages.map((e) => e._id)).size).toBe(pages.length);
    expect(all.some((e) => e.details.includes('Foreign'))).toBe(false);
    const foreign = await feed('limit=200', globex.token);
    expect(foreign.some((e) => e.details.includes('Foreign'))).toBe(true);
    expect(foreign.some((e) => e.details.includes('Page'))).toBe(false);
    // Another organisation's entry is no cursor here.
    const refused = await t.request({
      method: 'GET',
      url: `/api/activity?before=${foreign[0]!._id}`,
      token: acme.token,
    });
    expect(refused.statusCode).toBe(404);
  });

  it('shows a Super Admin every organisation', async () => {
    const entries = await feed('limit=200', await t.rootToken());
    expect(entries.some((e) => e.details.includes('Foreign'))).toBe(true);
    expect(entries.some((e) => e.details.includes('Page'))).toBe(true);
    expect(entries.some((e) => e.type === 'User')).toBe(true);
  });

  it('refuses bad queries and callers without the activity permission', async () => {
    for (const query of ['limit=0', 'limit=201', 'limit=x', 'before=undefined', 'before=1']) {
      const response = await t.request({
        method: 'GET',
        url: `/api/activity?${query}`,
        token: acme.token,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const unknown = await t.request({
      method: 'GET',
      url: '/api/activity?before=00000000-0000-4000-8000-000000000000',
      token: acme.token,
    });
    expect(unknown.statusCode).toBe(404);
    const { token: rep } = await t.createUser({ role: 'Sales Rep', organizationName: 'acme' });
    const refused = await t.request({ method: 'GET', url: '/api/activity', token: rep });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to access Activity.');
    expect((await t.request({ method: 'GET', url: '/api/activity' })).statusCode).toBe(401);
  });
  it('filters to one record’s history with entityId', async () => {
    const lead = await send(
      'POST',
      '/api/leads',
      leadPayload({ personEmail: 'history@example.com' }),
    );
    await send('PATCH', `/api/leads/${lead._id}/status`, { status: 'Hot Lead' });
    await send('POST', '/api/leads', leadPayload({ personEmail: 'other-history@example.com' }));
    const history = await feed(`entityId=${lead._id}`);
    expect(history.map((entry) => entry.action)).toEqual(['status changed', 'created']);
    expect(await feed(`entityId=${lead._id}`, globex.token)).toEqual([]);
    const bad = await t.request({
      method: 'GET',
      url: '/api/activity?entityId=nope',
      token: acme.token,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows a lead its own history to whoever may see the lead, without the Activity page', async () => {
    const lead = await send('POST', '/api/leads', leadPayload({ personEmail: 'own@example.com' }));
    await send('PATCH', `/api/leads/${lead._id}/status`, { status: 'Warm Lead' });
    await send('POST', '/api/leads', leadPayload({ personEmail: 'not-own@example.com' }));
    const { token: rep } = await t.createUser({ role: 'Sales Rep', organizationName: 'acme' });
    const history = (token: string, id = lead._id as string, query = '') =>
      t.request({ method: 'GET', url: `/api/leads/${id}/activity${query}`, token });

    const own = await history(rep);
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as ActivityEntry[]).map((entry) => entry.action)).toEqual([
      'status changed',
      'created',
    ]);
    expect((await history(rep, lead._id, '?limit=1')).json()).toHaveLength(1);
    // The Activity page itself stays closed to the rep.
    expect((await t.request({ method: 'GET', url: '/api/activity', token: rep })).statusCode).toBe(
      403,
    );
    // Another organisation's lead is not found; a bad id or limit is a 400; no Leads page, 403.
    const foreign = await history(globex.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Lead not found');
    expect((await history(rep, 'nope')).statusCode).toBe(400);
    expect((await history(rep, lead._id, '?limit=0')).statusCode).toBe(400);
    const { token: marketing } = await t.createUser({
      role: 'Marketing',
      organizationName: 'acme',
      permissions: { campaigns: true },
    });
    const refused = await history(marketing);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to access Leads.');
  });
});
