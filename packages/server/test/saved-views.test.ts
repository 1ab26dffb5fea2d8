import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedView } from '@leadline/shared/saved-views';
import type { TestContext } from './context.ts';
import { MISSING_ID, insertLeads, openTwoOrganisations } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';

/*
 * Saved views (issue 28, part 4): a list's filters, sort, page size and columns kept by name,
 * private or shared, each with its live count for the caller; only the owner (or an Admin, for
 * a shared one) changes it; organisation and permission scoped.
 */

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
let rep: { token: string; user: { _id: string } };

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) => t.request({ method, url, token, ...(payload ? { payload } : {}) });

const views = async (token: string, entity = 'lead') => {
  const response = await call('GET', `/api/saved-views?entity=${entity}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().views as SavedView[];
};

beforeAll(async () => {
  ({ t, acme, globex } = await openTwoOrganisations());
  rep = (await t.createUser({
    role: 'Sales Rep',
    organizationName: 'acme',
    permissions: { leadsTable: true, allClients: false },
  } as never)) as never;
  await insertLeads(t.database.db, acme.organizationId, [
    { status: 'Hot Lead', personCountry: 'Germany', ownerId: rep.user._id },
    { status: 'Hot Lead', personCountry: 'Germany' },
    { status: 'Hot Lead', personCountry: 'France' },
    { status: 'Cold Lead', personCountry: 'Germany' },
  ]);
  await insertLeads(t.database.db, globex.organizationId, [{ status: 'Hot Lead' }]);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('saved views', () => {
  it('saves a view with its filters and columns, counted live for each viewer', async () => {
    const created = await call('POST', '/api/saved-views', acme.token, {
      entity: 'lead',
      name: 'Hot leads',
      query: 'status=Hot+Lead&page=3&lead=abc&sort=-createdAt&limit=25',
      columns: ['company', 'status'],
      shared: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const view = created.json() as SavedView;
    // The page and the open record are not part of a view.
    expect(view).toMatchObject({
      name: 'Hot leads',
      query: 'limit=25&sort=-createdAt&status=Hot+Lead',
      columns: ['company', 'status'],
      shared: true,
      mine: true,
      count: 3,
      countCapped: false,
    });
    const mine = await call('POST', '/api/saved-views', acme.token, {
      entity: 'lead',
      name: 'My German leads',
      query: 'owner=me&location=Germany',
    });
    expect(mine.json().count).toBe(0);
    // The rep sees the shared view (not the Admin's private one), counted as the rep's page
    // shows it: a rep's list is their own leads unless it says every owner.
    const repViews = await views(rep.token);
    expect(repViews.map((v) => [v.name, v.mine, v.count])).toEqual([['Hot leads', false, 1]]);
    const repOwn = await call('POST', '/api/saved-views', rep.token, {
      entity: 'lead',
      name: 'My German leads',
      query: 'owner=me&location=Germany',
    });
    expect(repOwn.statusCode, repOwn.body).toBe(201);
    expect(repOwn.json().count).toBe(1);
    // The count follows the data.
    await insertLeads(t.database.db, acme.organizationId, [{ status: 'Hot Lead' }]);
    expect((await views(acme.token)).find((v) => v.name === 'Hot leads')!.count).toBe(4);
    // Without an owner a rep's list is their own (as the page shows it); "owner=all" is everyone's.
    const repAll = await call('POST', '/api/saved-views', rep.token, {
      entity: 'lead',
      name: 'Germany',
      query: 'location=Germany',
    });
    expect(repAll.json().count).toBe(1);
    const repEveryone = await call('PUT', `/api/saved-views/${repAll.json()._id}`, rep.token, {
      query: 'location=Germany&owner=all',
    });
    expect(repEveryone.json().count).toBe(3);
    await call('DELETE', `/api/saved-views/${repAll.json()._id}`, rep.token);
  });

  it('renames, unshares and deletes: the owner, or an Admin for a shared view; nobody else', async () => {
    const [hot] = (await views(acme.token)).filter((v) => v.name === 'Hot leads');
    const byRep = await call('PUT', `/api/saved-views/${hot!._id}`, rep.token, {
      name: 'Mine now',
    });
    expect(byRep.statusCode).toBe(403);
    const renamed = await call('PUT', `/api/saved-views/${hot!._id}`, acme.token, {
      name: 'Hot ones',
      shared: false,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Hot ones', shared: false });
    expect((await views(rep.token)).map((v) => v.name)).toEqual(['My German leads']);
    // Unshared: the rep no longer finds it at all.
    expect((await call('GET', `/api/saved-views/${hot!._id}`, rep.token)).statusCode).toBe(404);
    const taken = await call('PUT', `/api/saved-views/${hot!._id}`, acme.token, {
      name: 'My German leads',
    });
    expect(taken.statusCode).toBe(409);
    const deleted = await call('DELETE', `/api/saved-views/${hot!._id}`, acme.token);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/api/saved-views/${hot!._id}`, acme.token)).statusCode).toBe(404);
  });

  it('keeps to the organisation and the lists the caller may open; refuses bad input', async () => {
    const [own] = await views(acme.token);
    expect(await views(globex.token)).toEqual([]);
    expect((await call('GET', `/api/saved-views/${own!._id}`, globex.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/saved-views/${own!._id}`, globex.token)).statusCode).toBe(
      404,
    );
    // The rep may not open the clients list: no client views, none made.
    const clientView = await call('POST', '/api/saved-views', rep.token, {
      entity: 'client',
      name: 'VIP',
    });
    expect(clientView.statusCode).toBe(403);
    expect(await views(rep.token, 'client')).toEqual([]);
    for (const payload of [
      {},
      { entity: 'lead', name: '' },
      { entity: 'lead', name: 'x'.repeat(61) },
      { entity: 'deal', name: 'x' },
      { entity: 'lead', name: 'x', query: 'a'.repeat(2001) },
      { entity: 'lead', name: 'x', columns: 'all' },
      { entity: 'lead', name: 'x', shared: 'yes' },
    ]) {
      const response = await call('POST', '/api/saved-views', acme.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await call('PUT', `/api/saved-views/${MISSING_ID}`, acme.token, { name: 'y' })).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/saved-views/nope', acme.token)).statusCode).toBe(404);
    // A view whose filters no longer read (a date that is not one) is listed without a count.
    const odd = await call('POST', '/api/saved-views', acme.token, {
      entity: 'lead',
      name: 'Odd',
      query: 'from=not-a-date',
    });
    expect(odd.statusCode).toBe(201);
    expect(odd.json().count).toBeNull();
  });

  it('saves client views with their count', async () => {
    const response = await call('POST', '/api/saved-views', acme.token, {
      entity: 'client',
      name: 'All clients',
      query: '',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ entity: 'client', count: 0 });
  });
});
