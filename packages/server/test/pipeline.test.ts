import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PIPELINE_PAGE, PIPELINE_STATUSES } from '@leadline/shared/pipeline';
import type { PipelineColumnPage, PipelineResponse } from '@leadline/shared/pipeline';
import { leadStatusChanges, leads } from '../src/db/tables.ts';
import type { LeadSeedRow } from '../src/modules/leads/repo.ts';
import type { TestContext } from './context.ts';
import {
  MISSING_ID,
  expectAnswers,
  insertLeads,
  latestActivity,
  openTwoOrganisations,
} from './fixtures.ts';
import type { Call, OrganisationAdmin } from './fixtures.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
let rep: { id: string; token: string };
let foreignLead: string;

const COLD = 120;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) - n * 86_400_000);

beforeAll(async () => {
  ({ t, acme, globex } = await openTwoOrganisations());
  const created = await t.createUser({ role: 'Sales Rep', organizationName: 'acme', name: 'Rae' });
  rep = { id: created.user._id, token: created.token };
  const granted = await t.request({
    method: 'PUT',
    url: `/api/users/${rep.id}/permissions`,
    token: acme.token,
    payload: { permissions: { pipeline: true } },
  });
  expect(granted.statusCode, granted.body).toBe(200);
  const rows: Partial<LeadSeedRow>[] = [];
  // Cold: three leads share each time in status (the id breaks ties); every fifth is the rep's.
  for (let i = 0; i < COLD; i += 1)
    rows.push({
      status: 'Cold Lead',
      statusChangedAt: day(Math.floor(i / 3)),
      dealValue: i % 4 === 0 ? null : 100 + i + 0.25,
      source: i % 2 === 0 ? 'Referral' : 'Website',
      companyName: i % 10 === 0 ? 'Zephyr Widgets' : 'Acme',
      ownerId: i % 5 === 0 ? rep.id : acme.user._id,
    });
  for (let i = 0; i < 7; i += 1)
    rows.push({ status: 'Warm Lead', statusChangedAt: day(i), dealValue: 1000 * (i + 1) });
  for (let i = 0; i < 3; i += 1)
    rows.push({ status: 'Hot Lead', statusChangedAt: day(i), dealValue: 999_999.99 });
  await insertLeads(t.database.db, acme.organizationId, rows);
  // Microseconds a JavaScript date cannot carry (a quarter of the Cold leads, 1 µs after the
  // others of their day): the cursor must keep them.
  await t.database.db.execute(
    sql`UPDATE leads SET status_changed_at = status_changed_at + interval '1 microsecond' WHERE organization_id = ${acme.organizationId} AND status = 'Cold Lead' AND deal_value IS NULL`,
  );
  foreignLead = (
    await insertLeads(t.database.db, globex.organizationId, [{ status: 'Hot Lead', dealValue: 5 }])
  )[0]!;
});
afterAll(() => t.close());

const board = async (token: string, query = '') => {
  const response = await t.request({ method: 'GET', url: `/api/pipeline?${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PipelineResponse;
};

const columnPage = async (token: string, status: string, query: string) => {
  const response = await t.request({
    method: 'GET',
    url: `/api/pipeline/${encodeURIComponent(status)}?${query}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PipelineColumnPage;
};

/** The truth: count and sum per status straight from SQL, for a WHERE of the test's own. */
const truth = async (where = sql`true`) => {
  const rows = await t.database.db
    .select({
      status: leads.status,
      count: sql<number>`count(*)::int`,
      value: sql<string>`coalesce(sum(${leads.dealValue}), 0)::text`,
    })
    .from(leads)
    .where(and(eq(leads.organizationId, acme.organizationId), where))
    .groupBy(leads.status);
  return PIPELINE_STATUSES.map((status) => {
    const row = rows.find((r) => r.status === status);
    return { status, count: row?.count ?? 0, value: Number(row?.value ?? 0) };
  });
};

/** The status columns' totals (the deal stages' columns follow them: stages.test.ts). */
const totalsOf = (answer: PipelineResponse) =>
  answer.columns
    .filter((column) => column.status !== null)
    .map(({ status, count, value }) => ({ status, count, value }));

/** Every card of a column, following the cursors; also how many requests it took. */
const walk = async (token: string, status: string, query = '') => {
  const first = (await board(token, query)).columns.find((c) => c.status === status)!;
  const ids = first.leads.map((lead) => lead._id);
  let cursor = first.nextCursor;
  let pages = 1;
  while (cursor) {
    const page = await columnPage(token, status, `${query}&cursor=${cursor}`);
    expect(page.leads.length).toBeLessThanOrEqual(PIPELINE_PAGE);
    ids.push(...page.leads.map((lead) => lead._id));
    cursor = page.nextCursor;
    pages += 1;
  }
  return { ids, pages };
};

describe('GET /api/pipeline', () => {
  it('answers one column per status in pipeline order, counts and values equal to SQL', async () => {
    const answer = await board(acme.token);
    expect(answer.columns.map((c) => c.name)).toEqual([
      'Cold Lead',
      'Warm Lead',
      'Hot Lead',
      'Qualified',
      // The organisation's default deal stages.
      'Meeting booked',
      'Proposal',
      'Won',
      'Lost',
    ]);
    expect(totalsOf(answer)).toEqual(await truth());
    const [cold, warm, hot, qualified] = answer.columns;
    expect(cold!.count).toBe(COLD);
    expect(cold!.leads).toHaveLength(PIPELINE_PAGE);
    expect(cold!.nextCursor).toEqual(expect.any(String));
    expect(warm!.leads).toHaveLength(7);
    expect(warm!.nextCursor).toBeNull();
    expect(hot!.value).toBe(2_999_999.97);
    expect(qualified).toMatchObject({ count: 0, value: 0, leads: [], nextCursor: null });
    // Cards are leads as the API shows them, owners named, newest in their status first.
    expect(cold!.leads[0]).toMatchObject({
      status: 'Cold Lead',
      owner: { id: expect.any(String) },
    });
    const times = cold!.leads.map((lead) => lead.statusChangedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('applies the table filters: search, source, owner (a user or me), and their totals', async () => {
    const cases: [string, ReturnType<typeof sql>][] = [
      ['search=zephyr', sql`${leads.companyName} = 'Zephyr Widgets'`],
      ['source=Website', sql`${leads.source} = 'Website'`],
      [`owner=${rep.id}`, sql`${leads.ownerId} = ${rep.id}`],
      [
        'source=Referral&search=zephyr',
        sql`${leads.source} = 'Referral' AND ${leads.companyName} = 'Zephyr Widgets'`,
      ],
    ];
    for (const [query, where] of cases) {
      const answer = await board(acme.token, query);
      expect(totalsOf(answer), query).toEqual(await truth(where));
      const { ids } = await walk(acme.token, 'Cold Lead', query);
      expect(ids.length, query).toBe(answer.columns[0]!.count);
    }
    const mine = await board(rep.token, 'owner=me');
    expect(totalsOf(mine)).toEqual(await truth(sql`${leads.ownerId} = ${rep.id}`));
    // The status filter of the table is the board's columns: ignored here.
    expect(totalsOf(await board(acme.token, 'status=Qualified'))).toEqual(await truth());
  });

  it('pages a column with its cursor: every lead once, in order, no gaps', async () => {
    const { ids, pages } = await walk(acme.token, 'Cold Lead');
    expect(pages).toBe(Math.ceil(COLD / PIPELINE_PAGE));
    const expected = await t.database.db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.organizationId, acme.organizationId), eq(leads.status, 'Cold Lead')))
      .orderBy(sql`${leads.statusChangedAt} DESC, ${leads.id} DESC`);
    expect(ids).toEqual(expected.map((row) => row.id));
  });

  it('refuses a bad cursor, status or filter with a 400', async () => {
    const bad = [
      '/api/pipeline/Cold%20Lead?cursor=nonsense',
      `/api/pipeline/Cold%20Lead?cursor=${Buffer.from('12.not-an-id').toString('base64url')}`,
      `/api/pipeline/Cold%20Lead?cursor=${Buffer.from(`99999999999999999999.${MISSING_ID}`).toString('base64url')}`,
      '/api/pipeline/Cold%20Lead?cursor=a%2Fb',
      '/api/pipeline/Lost',
      '/api/pipeline?owner=nobody',
      '/api/pipeline?from=2026-02-01&to=2026-01-01',
    ];
    for (const url of bad) {
      const response = await t.request({ method: 'GET', url, token: acme.token });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toEqual(expect.any(String));
    }
  });

  it("keeps to the caller's organisation", async () => {
    const answer = await board(globex.token);
    expect(totalsOf(answer).map((c) => c.count)).toEqual([0, 0, 1, 0]);
    expect(answer.columns[2]!.leads.map((lead) => lead._id)).toEqual([foreignLead]);
  });
});

describe('PATCH /api/pipeline/leads/:id', () => {
  it('moves a card: status saved, status change and activity recorded, totals fresh at once', async () => {
    const before = await board(acme.token);
    const card = before.columns[1]!.leads[0]!;
    const response = await t.request({
      method: 'PATCH',
      url: `/api/pipeline/leads/${card._id}`,
      token: acme.token,
      payload: { status: 'Qualified' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ _id: card._id, status: 'Qualified' });
    const after = await board(acme.token);
    // The kept totals with the move applied equal a fresh count; filtered ones are counted again.
    expect(totalsOf(after)).toEqual(await truth());
    expect(totalsOf(await board(acme.token, 'source=Referral'))).toEqual(
      await truth(sql`${leads.source} = 'Referral'`),
    );
    expect(after.columns[3]!.leads[0]!._id).toBe(card._id);
    expect(after.columns[1]!.count).toBe(before.columns[1]!.count - 1);
    const [change] = await t.database.db
      .select()
      .from(leadStatusChanges)
      .where(eq(leadStatusChanges.leadId, card._id));
    expect(change).toMatchObject({ fromStatus: 'Warm Lead', toStatus: 'Qualified' });
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      action: 'status changed',
      entityId: card._id,
    });
  });

  it("answers 404 for another organisation's lead or a missing one, 400 for bad input", async () => {
    const moves: Call[] = [
      ['PATCH', `/api/pipeline/leads/${foreignLead}`, { status: 'Cold Lead' }],
      ['PATCH', `/api/pipeline/leads/${MISSING_ID}`, { status: 'Cold Lead' }],
    ];
    await expectAnswers(t, acme.token, moves, 404, 'Lead not found');
    const [lead] = await insertLeads(t.database.db, acme.organizationId, [{}]);
    await expectAnswers(
      t,
      acme.token,
      [
        ['PATCH', `/api/pipeline/leads/${lead}`, { status: 'Lost' }],
        ['PATCH', `/api/pipeline/leads/${lead}`, {}],
      ],
      400,
      'Please choose a valid status',
    );
    await expectAnswers(
      t,
      acme.token,
      [['PATCH', '/api/pipeline/leads/not-an-id', { status: 'Hot Lead' }]],
      400,
      'Invalid lead ID',
    );
  });

  it('refuses every route without the pipeline permission', async () => {
    const plain = await t.createUser({
      role: 'Marketing',
      organizationName: 'acme',
      permissions: { leadsTable: true },
    });
    const [lead] = await insertLeads(t.database.db, acme.organizationId, [{ ownerId: rep.id }]);
    const calls: Call[] = [
      ['GET', '/api/pipeline'],
      ['GET', '/api/pipeline/Hot%20Lead'],
      ['PATCH', `/api/pipeline/leads/${lead}`, { status: 'Hot Lead' }],
    ];
    await expectAnswers(t, plain.token, calls, 403);
    await expectAnswers(t, undefined, calls, 401);
    // With it, a rep moves their own lead.
    const moved = await t.request({
      method: 'PATCH',
      url: `/api/pipeline/leads/${lead}`,
      token: rep.token,
      payload: { status: 'Hot Lead' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });
});
