import { sql } from 'drizzle-orm';
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
  totalCapped: boolean;
  hasMore: boolean;
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
    const reversed = await t.request({
      method: 'GET',
      url: '/api/leads?from=2024-03-01&to=2024-01-01',
      token,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('The end date must not be before the start date');
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
        status: (['Cold Lead', 'Hot Lead', 'Qualified', 'Warm Lead'] as const)[i % 4],
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
      url: '/api/leads?sort=-status&limit=50',
      token: sorter,
    });
    const statuses = (response.json() as Page).leads.map((lead) => lead.status as string);
    expect(statuses).toEqual([...statuses].sort().reverse());
    expect(statuses[0]).toBe('Warm Lead');
  });

  it('pages with a total, without overlaps or gaps', async () => {
    const seen = new Set<string>();
    for (const page of [1, 2, 3]) {
      const response = await t.request({
        method: 'GET',
        url: `/api/leads?page=${page}&limit=10&sort=status`,
        token: sorter,
      });
      const body = response.json() as Page;
      expect(body).toMatchObject({ total: 30, page, limit: 10 });
      expect(body.leads).toHaveLength(10);
      for (const lead of body.leads) seen.add(lead._id);
    }
    expect(seen.size).toBe(30);
    const beyond = await t.request({ method: 'GET', url: '/api/leads?page=4', token: sorter });
    expect(beyond.json()).toEqual({
      leads: [],
      total: 30,
      totalCapped: false,
      hasMore: false,
      page: 4,
      limit: 10,
    });
    const second = await t.request({
      method: 'GET',
      url: '/api/leads?page=2&limit=25',
      token: sorter,
    });
    expect(second.json().leads).toHaveLength(5);
  });
});

describe('totals past 10,000', () => {
  let big: string;
  // 10,050 leads, newest first as g grows: 10,001 from events (10,000 of them hot, one cold)
  // and 49 from the website; three of them carry a rare word.
  beforeAll(async () => {
    const admin = await adminOf(t, 'big-org');
    big = admin.token;
    await t.database.db.execute(sql`
      INSERT INTO leads (organization_id, company_name, person_first_name, person_last_name,
        person_email, source, status, subject, created_at)
      SELECT ${admin.organizationId}, 'Company ' || lpad(g::text, 5, '0'), 'F' || g, 'L' || g,
        'big' || g || '@example.com',
        CASE WHEN g <= 10001 THEN 'Event' ELSE 'Website' END,
        CASE WHEN g <= 10000 THEN 'Hot Lead' ELSE 'Cold Lead' END,
        CASE WHEN g IN (7, 5000, 10040) THEN 'asked about the zanzibar office' ELSE '' END,
        timestamptz '2024-06-01' - g * interval '1 second'
      FROM generate_series(1, 10050) AS g`);
  }, 120_000);

  const page = (query: string) => list(query, big);
  const names = (body: Page) => body.leads.map((lead) => lead.companyName as string);
  const company = (g: number) => `Company ${String(g).padStart(5, '0')}`;

  it('answers 10,000 and totalCapped past the cap, an exact total up to it', async () => {
    expect(await page('')).toMatchObject({ total: 10_000, totalCapped: true });
    expect(await page('source=Event')).toMatchObject({ total: 10_000, totalCapped: true });
    expect(await page('status=Hot%20Lead')).toMatchObject({ total: 10_000, totalCapped: false });
    expect(await page('status=Cold%20Lead')).toMatchObject({ total: 50, totalCapped: false });
    expect(await page('source=Event&status=Cold%20Lead')).toMatchObject({
      total: 1,
      totalCapped: false,
    });
  });

  it('counts a search exactly, however many leads the organisation has', async () => {
    const found = await page('search=ZANZIBAR');
    expect(found).toMatchObject({ total: 3, totalCapped: false });
    expect(names(found)).toEqual([company(7), company(5000), company(10040)]);
    expect(await page('search=zanzibar&source=Website')).toMatchObject({
      total: 1,
      totalCapped: false,
    });
    expect(await page('search=no-such-word-here')).toEqual({
      leads: [],
      total: 0,
      totalCapped: false,
      hasMore: false,
      page: 1,
      limit: 10,
    });
  });

  it('pages past the cap in order, to the very last lead', async () => {
    expect(names(await page('limit=50'))).toEqual(
      Array.from({ length: 50 }, (_, i) => company(i + 1)),
    );
    const pastCap = await page('limit=250&page=41');
    expect(pastCap).toMatchObject({ total: 10_000, totalCapped: true, page: 41 });
    expect(names(pastCap)).toEqual(Array.from({ length: 50 }, (_, i) => company(10_001 + i)));
    expect((await page('limit=250&page=42')).leads).toEqual([]);
  });

  it('says whether another page follows, counted total or not, to the exact last page', async () => {
    // 10,050 leads: page 201 of 50 is exactly the last one, page 200 is not.
    expect(await page('limit=50&page=200')).toMatchObject({ totalCapped: true, hasMore: true });
    const last = await page('limit=50&page=201');
    expect(last).toMatchObject({ totalCapped: true, hasMore: false });
    expect(names(last)).toEqual(Array.from({ length: 50 }, (_, i) => company(10_001 + i)));
    // Counted totals: the same answer.
    expect(await page('status=Cold%20Lead&limit=25')).toMatchObject({ total: 50, hasMore: true });
    expect(await page('status=Cold%20Lead&limit=25&page=2')).toMatchObject({ hasMore: false });
    expect(await page('search=zanzibar&limit=10')).toMatchObject({ total: 3, hasMore: false });
    // Another order, still past the cap: the oldest first.
    expect(names(await page('sort=createdAt&limit=10&page=2'))).toEqual(
      Array.from({ length: 10 }, (_, i) => company(10_040 - i)),
    );
    // Within the cap, sorted from the matched leads: the same order as the table's.
    expect(names(await page('status=Hot%20Lead&sort=-companyName&limit=10&page=1000'))).toEqual(
      Array.from({ length: 10 }, (_, i) => company(10 - i)),
    );
  });
});
