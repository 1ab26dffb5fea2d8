import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './context.ts';
import {
  MISSING_ID,
  adminOf,
  clientPayload,
  countClients,
  expectAnswers,
  expectDeleted,
  expectFieldErrors,
  expectRefusals,
  latestActivity,
  openTwoOrganisations,
} from './fixtures.ts';
import type { Call, OrganisationAdmin } from './fixtures.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;

beforeAll(async () => ({ t, acme, globex } = await openTwoOrganisations()));
afterAll(() => t.close());

type ClientBody = { _id: string; email: string; [key: string]: unknown };

const create = async (token: string, overrides: Record<string, unknown> = {}) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/clients',
    token,
    payload: clientPayload(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ClientBody;
};

describe('POST /api/clients', () => {
  it('creates a client with its PIC and an activity entry', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/clients',
      token: acme.token,
      payload: {
        companyName: ' Initech ',
        parentCompany: 'Initrode',
        website: 'https://initech.example',
        email: 'Bill@Initech.Example',
        contact: 'bill lumbergh junior',
        pic: 'ignored',
        companyCategory: 'Technology',
        fullAddress: '1 Office Park, Austin',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      _id: expect.any(String),
      companyName: 'Initech',
      email: 'bill@initech.example',
      pic: 'BLJ',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      type: 'Client',
      action: 'created',
      details: 'Client Initech created',
    });
  });

  it("answers bad input with the form's messages, storing nothing", async () => {
    const before = await countClients(t.database.db);
    const cases: [unknown, string, string][] = [
      [{}, 'companyName', 'Company name is required'],
      [clientPayload({ companyName: ' ' }), 'companyName', 'Company name is required'],
      [clientPayload({ email: '' }), 'email', 'Email is required'],
      [clientPayload({ email: 'nope' }), 'email', 'Email is invalid'],
      [clientPayload({ contact: '' }), 'contact', 'Contact person is required'],
      [clientPayload({ companyCategory: '' }), 'companyCategory', 'Company category is required'],
      [
        clientPayload({ website: 'initech.example' }),
        'website',
        'Website must start with http:// or https://',
      ],
      [
        clientPayload({ fullAddress: 'x'.repeat(1001) }),
        'fullAddress',
        'Must be at most 1000 characters',
      ],
      [clientPayload({ companyName: 7 as never }), 'companyName', 'Company name is required'],
    ];
    await expectFieldErrors(t, acme.token, '/api/clients', cases);
    expect(await countClients(t.database.db)).toBe(before);
  });

  it('refuses a duplicate email in the organisation, not in another one', async () => {
    const first = await create(acme.token);
    const again = await t.request({
      method: 'POST',
      url: '/api/clients',
      token: acme.token,
      payload: clientPayload({ email: first.email.toUpperCase() }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A client with this email already exists');
    await create(globex.token, { email: first.email });
  });
});

describe('GET /api/clients', () => {
  let token: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    ({ token } = await adminOf(t, 'client-list'));
    const fields = {
      companyName: 'Zephyrworks',
      parentCompany: 'Quarkonomics Holdings',
      email: 'wombat@unique.example',
      contact: 'Bartholomew Quixotic',
      companyCategory: 'Music Streaming',
      fullAddress: '12 Timbuktu Road',
    };
    for (const [field, value] of Object.entries(fields)) {
      ids[field] = (await create(token, { [field]: value }))._id;
    }
    for (let i = 0; i < 9; i++) await create(token, { companyCategory: 'Retail' });
  });

  const list = async (query: string) => {
    const response = await t.request({ method: 'GET', url: `/api/clients?${query}`, token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      clients: ClientBody[];
      total: number;
      page: number;
      limit: number;
      categories: string[];
    };
  };

  it('searches name, parent company, email, contact, category and address, ignoring case', async () => {
    const terms: Record<string, string> = {
      companyName: 'EPHYRWORK',
      parentCompany: 'quarkonomics',
      email: 'WOMBAT@',
      contact: 'quixotic',
      companyCategory: 'music stream',
      fullAddress: 'TIMBUKTU',
    };
    for (const [field, term] of Object.entries(terms)) {
      const page = await list(`search=${encodeURIComponent(term)}`);
      expect(
        page.clients.map((c) => c._id),
        field,
      ).toEqual([ids[field]]);
    }
    expect((await list('search=%25')).total).toBe(0);
  });

  it('filters by exact category and lists the distinct categories', async () => {
    const retail = await list('category=Retail');
    expect(retail.total).toBe(9);
    expect(retail.clients.every((c) => c.companyCategory === 'Retail')).toBe(true);
    expect((await list('category=retail')).total).toBe(0);
    expect(retail.categories).toEqual(['Music Streaming', 'Retail', 'Technology']);
  });

  it('pages newest first with a total', async () => {
    const first = await list('');
    expect(first).toMatchObject({ total: 15, page: 1, limit: 10 });
    expect(first.clients).toHaveLength(10);
    expect(first.clients[0]!.companyCategory).toBe('Retail');
    const second = await list('page=2');
    expect(second.clients).toHaveLength(5);
    const all = new Set([...first.clients, ...second.clients].map((c) => c._id));
    expect(all.size).toBe(15);
    expect((await list('page=2&limit=12')).clients).toHaveLength(3);
  });

  it('refuses bad paging with a 400', async () => {
    for (const query of ['page=0', 'limit=0', 'limit=251', 'page=x', `search=${'x'.repeat(201)}`]) {
      const response = await t.request({ method: 'GET', url: `/api/clients?${query}`, token });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});

describe('GET, PUT and DELETE /api/clients/:id', () => {
  it('reads, edits and deletes a client of the own organisation, logging each change', async () => {
    const client = await create(acme.token, { companyName: 'Vandelay', contact: 'Art Vandelay' });
    const url = `/api/clients/${client._id}`;
    const read = await t.request({ method: 'GET', url, token: acme.token });
    expect(read.json()).toEqual(client);
    const edited = await t.request({
      method: 'PUT',
      url,
      token: acme.token,
      payload: { contact: 'Kel Varnsen', fullAddress: 'Latex Street 1' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      companyName: 'Vandelay',
      contact: 'Kel Varnsen',
      pic: 'KV',
      fullAddress: 'Latex Street 1',
      email: client.email,
      companyCategory: 'Technology',
    });
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      action: 'updated',
      details: 'Client Vandelay updated',
    });
    await expectDeleted(t, acme, url, 'Client deleted successfully', 'Client Vandelay deleted');
    const gone = await t.request({ method: 'GET', url, token: acme.token });
    expect(gone.statusCode).toBe(404);
  });

  it('answers 404 for other organisations and unknown ids, 400 for malformed ones and bad edits', async () => {
    const client = await create(acme.token);
    const taken = await create(acme.token);
    const byId = (id: string): Call[] => [
      ['GET', `/api/clients/${id}`],
      ['PUT', `/api/clients/${id}`, { companyName: 'Hijacked' }],
      ['DELETE', `/api/clients/${id}`],
    ];
    await expectAnswers(t, globex.token, byId(client._id), 404, 'Client not found');
    await expectAnswers(t, acme.token, byId(MISSING_ID), 404, 'Client not found');
    await expectAnswers(t, acme.token, byId('undefined'), 400, 'Invalid client ID');
    await expectRefusals(t, acme.token, 'PUT', `/api/clients/${client._id}`, [
      [{}, 400, 'Nothing to update'],
      [{ email: 'bad' }, 400, 'Email is invalid'],
      [{ website: 'ftp://x' }, 400, 'Website must start with http:// or https://'],
      [{ contact: '' }, 400, 'Contact person is required'],
      [{ email: taken.email }, 409, 'A client with this email already exists'],
    ]);
    const read = await t.request({
      method: 'GET',
      url: `/api/clients/${client._id}`,
      token: acme.token,
    });
    expect(read.json()).toEqual(client);
  });
});

describe('who may use the clients routes', () => {
  it('tells a Super Admin of several organisations to choose one', async () => {
    const root = await t.rootToken();
    const client = await create(acme.token);
    const calls: Call[] = [
      ['GET', '/api/clients'],
      ['POST', '/api/clients', clientPayload()],
      ['GET', `/api/clients/${client._id}`],
      ['PUT', `/api/clients/${client._id}`, { companyName: 'X' }],
      ['DELETE', `/api/clients/${client._id}`],
    ];
    await expectAnswers(
      t,
      root,
      calls,
      400,
      'Choose an organisation in the header to manage clients',
    );
  });

  it('needs allClients to read and change and addClient to create', async () => {
    const client = await create(acme.token);
    // Without the role's default client pages.
    const { token: member } = await t.createUser({
      role: 'Client Manager',
      organizationName: 'acme',
      permissions: { leadsTable: true },
    });
    const { token: adder } = await t.createUser({
      role: 'Client Manager',
      organizationName: 'acme',
      permissions: { addClient: true },
    });
    const refused = await t.request({ method: 'GET', url: '/api/clients', token: member });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to access Clients.');
    const post = await t.request({
      method: 'POST',
      url: '/api/clients',
      token: member,
      payload: clientPayload(),
    });
    expect(post.statusCode).toBe(403);
    expect(post.json().message).toBe('You do not have permission to access Add Client.');
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/clients',
          token: adder,
          payload: clientPayload(),
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/clients/${client._id}`, token: adder }))
        .statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/clients' })).statusCode).toBe(401);
  });
});
