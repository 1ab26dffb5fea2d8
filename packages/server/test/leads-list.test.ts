import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, insertLeads } from './fixtures.ts';

let t: TestContext;
let token: string;
let others: string;
const ids: Record<string, string | undefined> = {};

const SEARCHABLE = {
  companyName: 'Zephyrworks',
  industry: 'Quarkonomics',
  subject: 'Mentioned a xylophone order',
  personEmail: 'wombat.unique@example.org',
  personFirstName: 'Bartholomew',
  personLastName: 'Quixotic',
  personDesignation: 'Chief Yodeler',
  personCity: 'Timbuktu',
  personCountry: 'Liechtenstein',
} as const;

const day = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestContext();
  const admin = await adminOf(t, 'list-org');
  token = admin.token;
  const other = await adminOf(t, 'other-org');
  others = other.token;
  const db = t.database.db;
  const base = { createdAt: day('2023-06-01T00:00:00Z') };
  // One lead per searched field, holding that field's word and nothing else of note.
  for (const [field, value] of Object.entries(SEARCHABLE)) {
    [ids[field]] = await insertLeads(db, admin.organizationId, [{ ...base, [field]: value }]);
  }
  [ids.state] = await insertLeads(db, admin.organizationId, [
    { ...base, personState: 'Vermontia' },
  ]);
  [ids.percent, ids.underscore, ids.backslash] = await insertLeads(db, admin.organizationId, [
    { ...base, subject: '100% sure' },
    { ...base, subject: 'a_b' },
    { ...base, subject: 'back\\slash' },
  ]);
  [ids.L1, ids.L2, ids.L3, ids.L4, ids.L5] = await insertLeads(db, admin.organizationId, [
    {
      industry: 'Finance',
      size: '11-50',
      personCity: 'Berlin',
      personState: 'Berlin',
      personCountry: 'Germany',
      source: 'Referral',
      status: 'Hot Lead',
      mailSent: true,
      sentCount: 2,
      createdAt: day('2024-01-01T00:00:00.000Z'),
    },
    {
      industry: 'finance',
      size: '1-10',
      personCity: 'Paris',
      personState: 'Ile-de-France',
      personCountry: 'France',
      source: 'LinkedIn',
      status: 'Cold Lead',
      createdAt: day('2024-01-15T23:59:59.999Z'),
    },
    {
      industry: 'Financial Services',
      size: '11-50',
      personCity: 'Austin',
      personState: 'Texas',
      personCountry: 'United States',
      source: 'Website',
      status: 'Hot Lead',
      createdAt: day('2024-01-16T00:00:00.000Z'),
    },
    {
      industry: 'Retail',
      size: '1000+',
      personCity: 'Munich',
      personState: 'Bavaria',
      personCountry: 'Germany',
      source: 'Referral',
      status: 'Qualified',
      createdAt: day('2023-12-31T23:59:59.999Z'),
    },
    {
      industry: 'Technology',
      personState: 'Vermont',
      source: 'Event',
      status: 'Warm Lead',
      createdAt: day('2024-02-01T12:00:00.000Z'),
    },
  ]);
  // Another organisation's leads look alike and must never show.
  await insertLeads(db, other.organizationId, [
    {
      companyName: 'Zephyrworks',
      industry: 'Finance',
      status: 'Hot Lead',
      personCountry: 'Germany',
    },
  ]);
});
afterAll(() => t.close());

type Page = {
  leads: { _id: string; [key: string]: unknown }[];
  total: number;
  page: number;
  limit: number;
};

const list = async (query: string, as = token): Promise<Page> => {
  const response = await t.request({ method: 'GET', url: `/api/leads?${query}`, token: as });
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response.json();
};

const idsOf = async (query: string) => (await list(query)).leads.map((lead) => lead._id);

describe('search', () => {
  it('finds a lead by any of the nine fields, ignoring case', async () => {
    for (const [field, value] of Object.entries(SEARCHABLE)) {
      const term = value.slice(1, -1).toUpperCase();
      expect(await idsOf(`search=${encodeURIComponent(term)}&limit=250`), field).toEqual([
        ids[field],
      ]);
    }
  });

  it('does not search the state, and takes LIKE wildcards literally', async () => {
    expect(await idsOf('search=vermontia')).toEqual([]);
    expect(await idsOf(`search=${encodeURIComponent('%')}`)).toEqual([ids.percent]);
    expect(await idsOf('search=_')).toEqual([ids.underscore]);
    expect(await idsOf(`search=${encodeURIComponent('\\')}`)).toEqual([ids.backslash]);
    expect(await idsOf(`search=${encodeURIComponent('a%b')}`)).toEqual([]);
    expect(await idsOf('search=no-such-thing-anywhere')).toEqual([]);
  });

  it("shows only the caller's organisation", async () => {
    const page = await list('search=zephyrworks', others);
    expect(page.total).toBe(1);
    expect(page.leads[0]!._id).not.toBe(ids.companyName);
  });
});

describe('filters', () => {
  it('filters by industry (exact, any case), size, source and status', async () => {
    expect(new Set(await idsOf('industry=FINANCE'))).toEqual(new Set([ids.L1, ids.L2]));
    expect(new Set(await idsOf('size=11-50'))).toEqual(new Set([ids.L1, ids.L3]));
    expect(new Set(await idsOf('source=Referral&limit=50'))).toEqual(
      new Set(
        (await list('limit=50')).leads
          .filter((lead) => lead.source === 'Referral')
          .map((lead) => lead._id),
      ),
    );
    expect(new Set(await idsOf('source=Website'))).toEqual(new Set([ids.L3]));
    expect(new Set(await idsOf('status=Hot%20Lead'))).toEqual(new Set([ids.L1, ids.L3]));
    expect(await idsOf('status=Lost')).toEqual([]);
  });

  it('filters by location over city, state and country', async () => {
    expect(new Set(await idsOf('location=germ'))).toEqual(new Set([ids.L1, ids.L4]));
    expect(await idsOf('location=PARIS')).toEqual([ids.L2]);
    expect(new Set(await idsOf('location=vermont'))).toEqual(new Set([ids.L5, ids.state]));
    expect(await idsOf('location=texas')).toEqual([ids.L3]);
    expect(await idsOf(`location=${encodeURIComponent('%')}`)).toEqual([]);
  });

  it('filters by mail state', async () => {
    expect(await idsOf('mailSent=true')).toEqual([ids.L1]);
    expect((await list('mailSent=false')).total).toBe((await list('')).total - 1);
  });

  it('takes from and to as whole days (UTC), both inclusive', async () => {
    expect(await idsOf('from=2024-01-01&to=2024-01-15')).toEqual([ids.L2, ids.L1]);
    expect(await idsOf('from=2024-01-16')).toEqual([ids.L5, ids.L3]);
    expect(await idsOf('to=2023-12-31&search=bavaria')).toEqual([]);
    expect(await idsOf('from=2023-12-31&to=2023-12-31')).toEqual([ids.L4]);
    expect(await idsOf('from=2024-03-01&to=2024-01-01')).toEqual([]);
  });

  it('combines filters with search, and ignores empty ones', async () => {
    expect(await idsOf('status=Hot%20Lead&location=germany&industry=finance')).toEqual([ids.L1]);
    expect(await idsOf('search=acme&status=Hot%20Lead&size=11-50&from=2024-01-10')).toEqual([
      ids.L3,
    ]);
    const all = await list('industry=&status=&search=&location=');
    expect(all.total).toBe(18);
  });
});

describe('bad queries', () => {
  it('answers a 400 with a clear message and never a 500', async () => {
    const cases: [string, string][] = [
      ['limit=7', 'limit must be one of 10, 25, 50, 100, 250'],
      ['limit=ten', 'limit must be one of 10, 25, 50, 100, 250'],
      ['page=0', 'page must be 1 or more'],
      ['page=-3', 'page must be 1 or more'],
      ['page=1.5', 'page must be a whole number'],
      ['page=abc', 'page must be a number'],
      ['sort=password', 'sort must be a lead field, optionally prefixed with -'],
      ['sort=--createdAt', 'sort must be a lead field, optionally prefixed with -'],
      [
        `sort=${encodeURIComponent('createdAt;DROP TABLE leads')}`,
        'sort must be a lead field, optionally prefixed with -',
      ],
      ['from=yesterday', 'from must be a date (YYYY-MM-DD)'],
      ['to=2024-02-30', 'to is not a valid date'],
      ['mailSent=maybe', ''],
      [`search=${'x'.repeat(201)}`, ''],
      ['status=a&status=b', ''],
    ];
    for (const [query, message] of cases) {
      const response = await t.request({ method: 'GET', url: `/api/leads?${query}`, token });
      expect(response.statusCode, query).toBe(400);
      if (message) expect(response.json().message, query).toBe(message);
      else expect(response.json().message, query).toEqual(expect.any(String));
    }
  });
});

describe('sorting and paging', () => {
  let sorter: string;
  beforeAll(async () => {
    const admin = await adminOf(t, 'sort-org');
    sorter = admin.token;
    const now = Date.now();
    await insertLeads(
      t.database.db,
      admin.organizationId,
      Array.from({ length: 30 }, (_, i) => ({
        companyName: `Company ${String(i + 1).padStart(2, '0')}`,
        sentCount: i % 4,
        createdAt: new Date(now - (i + 1) * 86_400_000),
      })),
    );
  });

  const names = async (query: string) => {
    const response = await t.request({ method: 'GET', url: `/api/leads?${query}`, token: sorter });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Page).leads.map((lead) => lead.companyName as string);
  };

  it('sorts newest first by default, and by any sort field both ways', async () => {
    expect(await names('')).toEqual(
      Array.from({ length: 10 }, (_, i) => `Company ${String(i + 1).padStart(2, '0')}`),
    );
    expect((await names('sort=createdAt'))[0]).toBe('Company 30');
    expect((await names('sort=companyName'))[0]).toBe('Company 01');
    expect(await names('sort=-companyName&limit=10')).toEqual(
      Array.from({ length: 10 }, (_, i) => `Company ${30 - i}`),
    );
    const response = await t.request({
      method: 'GET',
      url: '/api/leads?sort=-sentCount&limit=50',
      token: sorter,
    });
    const counts = (response.json() as Page).leads.map((lead) => lead.sentCount as number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBe(3);
  });

  it('pages with a total, without overlaps or gaps', async () => {
    const seen = new Set<string>();
    for (const page of [1, 2, 3]) {
      const response = await t.request({
        method: 'GET',
        url: `/api/leads?page=${page}&limit=10&sort=sentCount`,
        token: sorter,
      });
      const body = response.json() as Page;
      expect(body).toMatchObject({ total: 30, page, limit: 10 });
      expect(body.leads).toHaveLength(10);
      for (const lead of body.leads) seen.add(lead._id);
    }
    expect(seen.size).toBe(30);
    const beyond = await t.request({ method: 'GET', url: '/api/leads?page=4', token: sorter });
    expect(beyond.json()).toEqual({ leads: [], total: 30, page: 4, limit: 10 });
    const second = await t.request({
      method: 'GET',
      url: '/api/leads?page=2&limit=25',
      token: sorter,
    });
    expect(second.json().leads).toHaveLength(5);
  });
});
