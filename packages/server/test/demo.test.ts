import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_SIZES,
  INDUSTRIES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  isValidPhone,
  leadSchema,
} from '@leadline/shared/leads';
import { CLIENT_CATEGORIES, clientSchema } from '@leadline/shared/clients';
import type { ReportResponse } from '@leadline/shared/reports';
import { defaultPermissions } from '@leadline/shared/permissions';
import { DEMO_CLIENTS, DEMO_LEADS, DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../src/seed/demo.ts';
import { pageFailures, visiblePages } from './role-pages.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ withRoot: false });
});
afterAll(() => t.close());

const distinct = async (column: string): Promise<string[]> => {
  const result = await t.database.executeSql(`SELECT DISTINCT ${column} AS v FROM leads`);
  return (result.rows as { v: string }[]).map((row) => row.v).sort();
};

describe('demo data', () => {
  it('loads once: leads and clients over every value, valid by the shared rules', async () => {
    expect(await seedDemo(t.database.db, false)).toBe(true);
    expect(await seedDemo(t.database.db, false)).toBe(false);
    const counts = await t.database.executeSql(
      'SELECT (SELECT count(*) FROM leads)::int AS leads, (SELECT count(*) FROM clients)::int AS clients',
    );
    expect(counts.rows[0]).toEqual({ leads: DEMO_LEADS, clients: DEMO_CLIENTS });
    expect(await distinct('source')).toEqual([...LEAD_SOURCES].sort());
    expect(await distinct('status')).toEqual([...LEAD_STATUSES].sort());
    expect(await distinct('industry')).toEqual([...INDUSTRIES].sort());
    expect(await distinct('size')).toEqual([...COMPANY_SIZES].sort());
    expect((await distinct('person_country')).length).toBeGreaterThan(5);
    const span = await t.database.executeSql(
      `SELECT min(created_at) >= now() - interval '91 days' AS recent, max(created_at) <= now() AS past,
              count(DISTINCT date_trunc('day', created_at))::int AS days FROM leads`,
    );
    expect(span.rows[0]).toEqual({ recent: true, past: true, days: expect.any(Number) });
    expect((span.rows[0] as { days: number }).days).toBeGreaterThan(60);
  });

  it('spreads the leads over the sales team, with deal values, phones, calls, notes and status changes', async () => {
    const owners = await t.database.executeSql(
      `SELECT u.role, count(*)::int AS n, count(DISTINCT l.owner_id)::int AS people
         FROM leads l JOIN users u ON u.id = l.owner_id GROUP BY u.role ORDER BY u.role`,
    );
    expect(owners.rows).toEqual([
      { role: 'Sales Manager', n: expect.any(Number), people: 1 },
      { role: 'Sales Rep', n: expect.any(Number), people: 3 },
    ]);
    const rows = owners.rows as { n: number }[];
    expect(rows[0]!.n + rows[1]!.n).toBe(DEMO_LEADS);
    const deals = await t.database.executeSql(
      `SELECT status, count(deal_value)::int AS valued, count(*)::int AS n,
              bool_and(deal_value IS NULL OR expected_close_date > current_date) AS closing_later
         FROM leads GROUP BY status`,
    );
    for (const row of deals.rows as { status: string; valued: number; n: number }[]) {
      if (row.status === 'Qualified') expect(row.valued).toBe(row.n);
      else expect(row.valued, row.status).toBeGreaterThan(0);
      expect(row).toMatchObject({ closing_later: true });
    }
    const phones = await t.database.executeSql(
      `SELECT DISTINCT phone FROM leads WHERE phone <> ''`,
    );
    for (const { phone } of phones.rows as { phone: string }[])
      expect(isValidPhone(phone)).toBe(true);
    const work = await t.database.executeSql(
      `SELECT (SELECT count(*) FROM lead_status_changes)::int AS changes,
              (SELECT count(*) FROM leads WHERE status <> 'Cold Lead')::int AS moved,
              (SELECT count(*) FROM lead_notes WHERE kind = 'call')::int AS calls,
              (SELECT count(*) FROM lead_notes WHERE kind = 'note')::int AS notes,
              (SELECT count(DISTINCT user_id) FROM lead_notes)::int AS callers`,
    );
    const figures = work.rows[0] as Record<string, number>;
    expect(figures.changes).toBe(figures.moved);
    expect(figures.calls).toBeGreaterThan(100);
    expect(figures.notes).toBeGreaterThan(20);
    expect(figures.callers).toBe(4);
  });

  it('looks real: uneven sources and statuses, invitations of planned meetings marked sent, some answered', async () => {
    const spread = async (column: string) => {
      const result = await t.database.executeSql(
        `SELECT count(*)::int AS n FROM leads GROUP BY ${column} ORDER BY n`,
      );
      const counts = (result.rows as { n: number }[]).map((row) => row.n);
      return { least: counts[0]!, most: counts[counts.length - 1]! };
    };
    for (const column of ['source', 'status']) {
      const { least, most } = await spread(column);
      expect(most, column).toBeGreaterThan(4 * least);
    }
    const invitations = await t.database.executeSql(
      `SELECT status, count(*)::int AS n FROM meeting_attendees GROUP BY status ORDER BY status`,
    );
    const byStatus = Object.fromEntries(
      (invitations.rows as { status: string; n: number }[]).map((row) => [row.status, row.n]),
    );
    expect(byStatus.sent).toBeGreaterThan(byStatus.pending ?? 0);
    expect(byStatus.pending).toBeGreaterThan(0);
    // Some meetings are confirmed (every attendee accepted), and one attendee declined.
    const answers = await t.database.executeSql(
      `SELECT meeting_id, bool_and(response = 'accepted') AS confirmed,
              count(*) FILTER (WHERE response = 'declined')::int AS declined
         FROM meeting_attendees GROUP BY meeting_id`,
    );
    const rows = answers.rows as { confirmed: boolean; declined: number }[];
    expect(rows.filter((row) => row.confirmed).length).toBeGreaterThanOrEqual(3);
    expect(rows.reduce((sum, row) => sum + row.declined, 0)).toBe(1);
  });

  it('gives each demo member their role’s defaults, and every page of their sidebar opens', async () => {
    for (const demo of DEMO_USERS) {
      if (demo.role === 'Super Admin' || demo.role === 'Admin') continue;
      const signin = await t.request({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: demo.email, password: DEMO_PASSWORD },
      });
      const { user, token } = signin.json();
      expect(user.permissions, demo.email).toEqual(defaultPermissions(demo.role));
      expect(await pageFailures(t, token, visiblePages(user)), demo.email).toEqual([]);
    }
  });

  it('serves the demo admin its leads, clients and dashboard', async () => {
    const token = await t.signin('admin@demo.leadline.test', DEMO_PASSWORD);
    const leads = await t.request({ method: 'GET', url: '/api/leads?limit=250', token });
    expect(leads.json().total).toBe(DEMO_LEADS);
    for (const lead of leads.json().leads) {
      expect(leadSchema.safeParse(lead).success, lead.personEmail).toBe(true);
    }
    const clients = await t.request({ method: 'GET', url: '/api/clients?limit=250', token });
    expect([...clients.json().categories].sort()).toEqual([...CLIENT_CATEGORIES].sort());
    for (const client of clients.json().clients) {
      expect(clientSchema.safeParse(client).success, client.email).toBe(true);
    }
    const dashboard = await t.request({ method: 'GET', url: '/api/dashboard', token });
    expect(dashboard.json().counts.activeLeads).toBe(DEMO_LEADS);
    expect(dashboard.json().recentActivities.length).toBeGreaterThan(3);
  });

  it('gives its sent LinkedIn and call campaigns their tasks, done where the step is done', async () => {
    const result = await t.database.executeSql(`
      SELECT c.name, count(t.id)::int AS tasks, count(t.done_at)::int AS done,
        count(*) FILTER (WHERE d.state = 'done')::int AS steps_done
      FROM campaigns c
      JOIN campaign_deliveries d ON d.campaign_id = c.id AND d.step = 0
      LEFT JOIN tasks t ON t.campaign_id = c.id AND t.lead_id = d.lead_id
      WHERE c.type <> 'email' AND c.status <> 'draft'
      GROUP BY c.name ORDER BY c.name`);
    const rows = result.rows as { name: string; tasks: number; done: number; steps_done: number }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.tasks, row.name).toBeGreaterThan(0);
      expect(row.done, row.name).toBe(row.steps_done);
    }
    const owners = await t.database.executeSql(
      `SELECT count(*)::int AS n FROM tasks WHERE owner_id IS NULL`,
    );
    expect((owners.rows[0] as { n: number }).n).toBe(0);
    // The owners' own follow-ups: some overdue, some open, some done.
    const own = await t.database.executeSql(`
      SELECT count(*) FILTER (WHERE done_at IS NULL AND due_date < current_date)::int AS overdue,
        count(*) FILTER (WHERE done_at IS NULL)::int AS open,
        count(done_at)::int AS done
      FROM tasks WHERE campaign_id IS NULL`);
    const counts = own.rows[0] as { overdue: number; open: number; done: number };
    expect(counts.overdue).toBeGreaterThan(0);
    expect(counts.open).toBeGreaterThan(counts.overdue);
    expect(counts.done).toBeGreaterThan(0);
  });

  it('backs its sent counts and campaigns with the emails, replies and unsubscribes', async () => {
    const token = await t.signin('admin@demo.leadline.test', DEMO_PASSWORD);
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const response = await t.request({
      method: 'GET',
      url: `/api/reports?from=${day(-90)}&to=${day(0)}`,
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as ReportResponse;
    const sum = (pick: (c: ReportResponse['campaigns'][number]) => number) =>
      report.campaigns.reduce((total, c) => total + pick(c), 0);
    // 39 first emails, 31 follow-ups and 25 launch emails delivered; one refused; 6 replies.
    expect(report.totals.replies).toBe(6);
    expect(sum((c) => c.sent)).toBe(95);
    expect(sum((c) => c.failed)).toBe(1);
    expect(sum((c) => c.replies)).toBe(6);
    const records = await t.database.executeSql(`
      SELECT
        (SELECT count(*)::int FROM leads WHERE replied_at IS NOT NULL) AS replied,
        (SELECT count(*)::int FROM leads WHERE unsubscribed_at IS NOT NULL) AS unsubscribed,
        (SELECT count(*)::int FROM email_suppressions) AS suppressed,
        (SELECT sum(sent_count)::int FROM leads) AS "sentCounts",
        (SELECT count(*)::int FROM sent_emails WHERE status = 'sent') AS "sentEmails",
        (SELECT count(*)::int FROM leads l WHERE mail_sent AND NOT EXISTS
          (SELECT 1 FROM sent_emails s WHERE s.lead_id = l.id AND s.status = 'sent')) AS "unbacked",
        (SELECT count(*)::int FROM sent_emails s JOIN users u ON u.id = s.user_id
          WHERE u.email = 'admin@demo.leadline.test'
            AND s.sent_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
          AS "adminToday",
        (SELECT count(*)::int FROM sent_emails WHERE sent_at > now()) AS future`);
    const row = records.rows[0] as Record<string, number>;
    // Every "Sent" badge and count has its emails, none dated ahead; the Admin's daily limit
    // starts untouched.
    expect(row).toMatchObject({
      replied: 6,
      unsubscribed: 2,
      suppressed: 2,
      unbacked: 0,
      adminToday: 0,
      future: 0,
    });
    expect(row.sentEmails).toBe(row.sentCounts);
    expect(row.sentEmails).toBeGreaterThan(1000);
    // The report counts the leads' own emails besides the campaigns'.
    expect(report.totals.emailsSent).toBeGreaterThan(95);
  });
});
