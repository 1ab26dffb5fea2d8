import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse } from '@leadline/shared/dashboard';
import type { LeadSeedRow } from '../src/modules/leads/repo.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { LEAD_FIGURES_TTL_MS } from '../src/modules/dashboard/lead-figures.ts';
import { adminOf, createLead, insertLeads, leadPayload } from './fixtures.ts';

let t: TestContext;
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const dashboard = async (token: string): Promise<DashboardResponse> => {
  const response = await t.request({ method: 'GET', url: '/api/dashboard', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** An organisation whose leads were created so many days ago. */
const organisationWith = async (name: string, leads: Partial<LeadSeedRow>[]) => {
  const admin = await adminOf(t, name);
  await insertLeads(t.database.db, admin.organizationId, leads);
  return admin.token;
};

describe('GET /api/dashboard', () => {
  let main: string;
  beforeAll(async () => {
    main = await organisationWith('dash', [
      { createdAt: daysAgo(1), source: 'Referral', status: 'Hot Lead' },
      { createdAt: daysAgo(10), source: '' as never, status: 'Hot Lead' },
      { createdAt: daysAgo(29), source: 'Referral', status: 'Cold Lead' },
      { createdAt: daysAgo(31), source: '' as never, status: 'Cold Lead' },
      { createdAt: daysAgo(59), source: 'LinkedIn', status: 'Qualified' },
      { createdAt: daysAgo(100), source: 'Referral', status: 'Cold Lead' },
    ]);
  });

  it("aggregates the organisation's leads, with the trend against the previous 30 days", async () => {
    const body = await dashboard(main);
    expect(body.counts).toEqual({ activeLeads: 6, campaigns: 0, meetings: 0 });
    expect(body.trends).toEqual({ activeLeads: 50, campaigns: null, meetings: null });
    expect(body.leadsBySource).toEqual([
      { source: 'Referral', count: 3 },
      { source: 'Unknown', count: 2 },
      { source: 'LinkedIn', count: 1 },
    ]);
    expect(body.leadsByStatus).toEqual([
      { status: 'Hot Lead', count: 2 },
      { status: 'Warm Lead', count: 0 },
      { status: 'Cold Lead', count: 3 },
      { status: 'Qualified', count: 1 },
    ]);
    expect(body.campaignPerformance).toEqual([]);
    expect(body.upcomingMeetings).toEqual([]);
  });

  it('gives falling trends, and null when the previous period is empty', async () => {
    const falling = await organisationWith('dash-down', [
      { createdAt: daysAgo(2) },
      { createdAt: daysAgo(35) },
      { createdAt: daysAgo(40) },
      { createdAt: daysAgo(45) },
      { createdAt: daysAgo(50) },
    ]);
    expect((await dashboard(falling)).trends.activeLeads).toBe(-75);
    const fresh = await organisationWith('dash-new', [
      { createdAt: daysAgo(3) },
      { createdAt: daysAgo(4) },
    ]);
    const body = await dashboard(fresh);
    expect(body.counts.activeLeads).toBe(2);
    expect(body.trends.activeLeads).toBeNull();
    const empty = await organisationWith('dash-empty', []);
    expect(await dashboard(empty)).toMatchObject({
      counts: { activeLeads: 0 },
      trends: { activeLeads: null },
      leadsBySource: [],
    });
  });

  it('adds up every organisation for a Super Admin', async () => {
    const body = await dashboard(await t.rootToken());
    expect(body.counts.activeLeads).toBe(13);
    // Last 30 days: 3 + 1 + 2; the 30 before: 2 + 4 + 0.
    expect(body.trends.activeLeads).toBe(0);
    expect(body.leadsBySource.reduce((sum, row) => sum + row.count, 0)).toBe(13);
  });

  it("shows the organisation's ten newest activity entries", async () => {
    const admin = await adminOf(t, 'dash-feed');
    for (let i = 0; i < 12; i++) {
      const response = await t.request({
        method: 'POST',
        url: '/api/leads',
        token: admin.token,
        payload: leadPayload({ personFirstName: `Feed${i}` }),
      });
      expect(response.statusCode).toBe(201);
    }
    const body = await dashboard(admin.token);
    expect(body.recentActivities).toHaveLength(10);
    expect(body.recentActivities[0]!.details).toBe('Lead Feed11 Lovelace (Acme) created');
    const feed = await t.request({
      method: 'GET',
      url: '/api/activity?limit=10',
      token: admin.token,
    });
    expect(body.recentActivities).toEqual(feed.json());
    expect((await dashboard(main)).recentActivities.some((e) => e.details.includes('Feed'))).toBe(
      false,
    );
  });

  it('needs the dashboard permission', async () => {
    // A Sales Rep holds the Dashboard by default: this one was given the leads list only.
    const { token: rep } = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'dash',
      permissions: { leadsTable: true },
    });
    const refused = await t.request({ method: 'GET', url: '/api/dashboard', token: rep });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to access Dashboard.');
    expect((await t.request({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});

describe('the lead figures, reused for at most a minute', () => {
  it('shows a write through the API on the next view, one organisation at a time', async () => {
    const admin = await adminOf(t, 'dash-cache');
    const other = await adminOf(t, 'dash-cache-other');
    await insertLeads(t.database.db, admin.organizationId, [{ status: 'Hot Lead' }]);
    await insertLeads(t.database.db, other.organizationId, [{}]);
    expect((await dashboard(admin.token)).counts.activeLeads).toBe(1);
    expect((await dashboard(other.token)).counts.activeLeads).toBe(1);
    const rootBefore = (await dashboard(await t.rootToken())).counts.activeLeads;
    // Rows written behind the service's back (a seed, mail counters) wait for the minute...
    await insertLeads(t.database.db, admin.organizationId, [{}]);
    expect((await dashboard(admin.token)).counts.activeLeads).toBe(1);
    // ...a lead created, changed or deleted through the API shows at once, for its
    // organisation and for a Super Admin, while the other organisation's figures stay.
    const created = await createLead(t, admin.token);
    expect((await dashboard(admin.token)).counts.activeLeads).toBe(3);
    expect((await dashboard(await t.rootToken())).counts.activeLeads).toBe(rootBefore + 2);
    expect((await dashboard(other.token)).counts.activeLeads).toBe(1);
    const changed = await t.request({
      method: 'PATCH',
      url: `/api/leads/${created._id}/status`,
      token: admin.token,
      payload: { status: 'Qualified' },
    });
    expect(changed.statusCode).toBe(200);
    const byStatus = (await dashboard(admin.token)).leadsByStatus;
    expect(byStatus.find((row) => row.status === 'Qualified')?.count).toBe(1);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/leads/${created._id}`,
      token: admin.token,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await dashboard(admin.token)).counts.activeLeads).toBe(2);
  });

  it('recomputes figures older than a minute', async () => {
    const admin = await adminOf(t, 'dash-stale');
    expect((await dashboard(admin.token)).counts.activeLeads).toBe(0);
    await insertLeads(t.database.db, admin.organizationId, [{}, {}]);
    expect((await dashboard(admin.token)).counts.activeLeads).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + LEAD_FIGURES_TTL_MS + 1);
      expect((await dashboard(admin.token)).counts.activeLeads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
