import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_FILTERS } from '@leadline/shared/campaigns';
import type { ReportResponse, ReportTable } from '@leadline/shared/reports';
import { sentEmails } from '../src/db/schema.ts';
import { campaignDeliveries, campaigns } from '../src/db/tables/campaigns.ts';
import { emailReplies } from '../src/db/tables/email-jobs.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, insertLeads } from './fixtures.ts';

let t: TestContext;
let acme: Awaited<ReturnType<typeof adminOf>>;
let globex: Awaited<ReturnType<typeof adminOf>>;

const at = (iso: string) => new Date(iso);

type LeadSpec = [
  createdAt: string,
  status: 'Hot Lead' | 'Warm Lead' | 'Cold Lead' | 'Qualified',
  source: string,
];

/** acme's leads: created when, with which status and source. */
const ACME_LEADS: LeadSpec[] = [
  ['2024-02-29T12:00:00Z', 'Hot Lead', 'Referral'], // before the period
  ['2024-03-01T00:00:00Z', 'Cold Lead', 'Website'], // the first instant of the period
  ['2024-03-04T09:00:00Z', 'Hot Lead', 'Referral'],
  ['2024-03-04T17:30:00Z', 'Hot Lead', 'Referral'],
  ['2024-03-04T23:59:59Z', 'Cold Lead', 'Website'],
  ['2024-03-05T08:00:00Z', 'Warm Lead', 'Referral'],
  ['2024-03-10T10:00:00Z', 'Qualified', ''],
  ['2024-03-11T10:00:00Z', 'Hot Lead', 'Website'],
  ['2024-03-31T23:59:59Z', 'Warm Lead', 'LinkedIn'], // the last instant of the period
  ['2024-04-01T00:00:00Z', 'Cold Lead', 'Referral'], // just after
];

const report = async (token: string, query: string): Promise<ReportResponse> => {
  const response = await t.request({ method: 'GET', url: `/api/reports?${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const row = (table: ReportTable, bucket: string) => {
  const found = table.rows.find((entry) => entry.bucket === bucket);
  if (!found) throw new Error(`no bucket ${bucket}`);
  return found.counts;
};

const totalOf = (table: ReportTable) =>
  table.rows.reduce(
    (sum, entry) => sum + Object.values(entry.counts).reduce((a, b) => a + b, 0),
    0,
  );

let acmeCampaign: string;

beforeAll(async () => {
  t = await createTestContext();
  acme = await adminOf(t, 'acme-reports');
  globex = await adminOf(t, 'globex-reports');
  const db = t.database.db;
  const acmeLeads = await insertLeads(
    db,
    acme.organizationId,
    ACME_LEADS.map(([createdAt, status, source]) => ({
      createdAt: at(createdAt),
      status,
      source: source as never,
    })),
  );
  // globex: the same days, other figures; never in acme's report.
  const globexLeads = await insertLeads(db, globex.organizationId, [
    { createdAt: at('2024-03-04T10:00:00Z'), status: 'Qualified', source: 'Cold Call' as never },
    { createdAt: at('2024-03-04T11:00:00Z'), status: 'Qualified', source: 'Cold Call' as never },
  ]);

  const email = (
    organizationId: string,
    sentAt: string,
    status: 'sent' | 'failed' | 'sending',
    leadId: string | null = null,
  ) => ({
    organizationId,
    userId: null,
    leadId,
    kind: 'single' as const,
    status,
    fromAddress: 'rep@acme.test',
    to: 'lead@lead.test',
    subject: 'Hello',
    messageId: `<${Math.random().toString(36).slice(2)}@acme.test>`,
    sentAt: at(sentAt),
  });
  const sent = await db
    .insert(sentEmails)
    .values([
      email(acme.organizationId, '2024-03-04T10:00:00Z', 'sent', acmeLeads[2]),
      email(acme.organizationId, '2024-03-04T11:00:00Z', 'sent', acmeLeads[3]),
      email(acme.organizationId, '2024-03-05T11:00:00Z', 'sent'),
      email(acme.organizationId, '2024-03-05T12:00:00Z', 'failed'),
      email(acme.organizationId, '2024-03-05T13:00:00Z', 'sending'),
      email(acme.organizationId, '2024-04-02T13:00:00Z', 'sent'),
      email(globex.organizationId, '2024-03-04T10:00:00Z', 'sent'),
    ])
    .returning({ id: sentEmails.id });
  const reply = (
    organizationId: string,
    leadId: string,
    receivedAt: string,
    sentEmailId: string | null,
  ) => ({
    organizationId,
    leadId,
    sentEmailId,
    fromAddress: 'lead@lead.test',
    messageId: `<${Math.random().toString(36).slice(2)}@lead.test>`,
    receivedAt: at(receivedAt),
  });
  await db
    .insert(emailReplies)
    .values([
      reply(acme.organizationId, acmeLeads[2]!, '2024-03-06T09:00:00Z', sent[0]!.id),
      reply(acme.organizationId, acmeLeads[3]!, '2024-03-06T10:00:00Z', null),
      reply(acme.organizationId, acmeLeads[3]!, '2024-04-03T10:00:00Z', sent[1]!.id),
      reply(globex.organizationId, globexLeads[0]!, '2024-03-06T09:00:00Z', null),
    ]);

  const campaign = (
    organizationId: string,
    name: string,
    type: 'email' | 'call',
    createdAt: string,
  ) => ({
    organizationId,
    name,
    type,
    status: 'active' as const,
    targetFilters: NO_FILTERS,
    createdAt: at(createdAt),
  });
  const [spring, calls, later, other] = await db
    .insert(campaigns)
    .values([
      campaign(
        acme.organizationId,
        '=HYPERLINK("https://evil.test","Spring, outreach")',
        'email',
        '2024-02-01T00:00:00Z',
      ),
      campaign(acme.organizationId, 'Call round', 'call', '2024-03-02T00:00:00Z'),
      campaign(acme.organizationId, 'Later', 'email', '2024-04-05T00:00:00Z'),
      campaign(globex.organizationId, 'Globex blast', 'email', '2024-02-01T00:00:00Z'),
    ])
    .returning({ id: campaigns.id });
  acmeCampaign = spring!.id;
  /** A (step, lead) row: its state, and when it finished with which email. */
  const delivery = (
    campaignId: string,
    step: number,
    leadId: string,
    state: 'queued' | 'sent' | 'failed' | 'done',
    finished?: { at: string; email?: number },
  ) => ({
    campaignId,
    step,
    leadId,
    state,
    finishedAt: finished ? at(finished.at) : null,
    sentEmailId: finished?.email === undefined ? null : sent[finished.email]!.id,
  });
  await db
    .insert(campaignDeliveries)
    .values([
      delivery(spring!.id, 0, acmeLeads[2]!, 'sent', { at: '2024-03-04T10:00:00Z', email: 0 }),
      delivery(spring!.id, 0, acmeLeads[3]!, 'sent', { at: '2024-03-04T11:00:00Z', email: 1 }),
      delivery(spring!.id, 0, acmeLeads[4]!, 'failed', { at: '2024-03-05T12:00:00Z' }),
      delivery(spring!.id, 1, acmeLeads[2]!, 'queued'),
      delivery(calls!.id, 0, acmeLeads[5]!, 'done', { at: '2024-03-07T12:00:00Z' }),
      delivery(calls!.id, 0, acmeLeads[6]!, 'queued'),
      delivery(later!.id, 0, acmeLeads[7]!, 'queued'),
      delivery(other!.id, 0, globexLeads[0]!, 'sent', { at: '2024-03-04T10:00:00Z', email: 6 }),
    ]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const MARCH = 'from=2024-03-01&to=2024-03-31';

describe('GET /api/reports', () => {
  it('counts leads per day by status and by source, bounded by the period', async () => {
    const body = await report(acme.token, `${MARCH}&bucket=day`);
    expect(body.period).toEqual({ from: '2024-03-01', to: '2024-03-31', bucket: 'day' });
    expect(body.leadsByStatus.rows).toHaveLength(31);
    expect(body.leadsByStatus.rows[0]!.bucket).toBe('2024-03-01');
    expect(body.leadsByStatus.rows.at(-1)!.bucket).toBe('2024-03-31');
    expect(body.leadsByStatus.series).toEqual(['Hot Lead', 'Warm Lead', 'Cold Lead', 'Qualified']);
    expect(row(body.leadsByStatus, '2024-03-01')).toEqual({
      'Hot Lead': 0,
      'Warm Lead': 0,
      'Cold Lead': 1,
      Qualified: 0,
    });
    expect(row(body.leadsByStatus, '2024-03-04')).toEqual({
      'Hot Lead': 2,
      'Warm Lead': 0,
      'Cold Lead': 1,
      Qualified: 0,
    });
    expect(row(body.leadsByStatus, '2024-03-31')).toEqual({
      'Hot Lead': 0,
      'Warm Lead': 1,
      'Cold Lead': 0,
      Qualified: 0,
    });
    expect(row(body.leadsByStatus, '2024-03-20')).toEqual({
      'Hot Lead': 0,
      'Warm Lead': 0,
      'Cold Lead': 0,
      Qualified: 0,
    });
    expect(totalOf(body.leadsByStatus)).toBe(8);
    expect(body.totals.leads).toBe(8);

    // Sources in the period, most leads first; a lead without one is 'Unknown'.
    expect(body.leadsBySource.series).toEqual(['Referral', 'Website', 'LinkedIn', 'Unknown']);
    expect(row(body.leadsBySource, '2024-03-04')).toEqual({
      Referral: 2,
      Website: 1,
      LinkedIn: 0,
      Unknown: 0,
    });
    expect(row(body.leadsBySource, '2024-03-10')).toEqual({
      Referral: 0,
      Website: 0,
      LinkedIn: 0,
      Unknown: 1,
    });
    expect(totalOf(body.leadsBySource)).toBe(8);
  });

  it('sums into ISO weeks (from Monday) and months, still bounded by the dates', async () => {
    const weeks = await report(acme.token, `${MARCH}&bucket=week`);
    expect(weeks.leadsByStatus.rows.map((entry) => entry.bucket)).toEqual([
      '2024-02-26',
      '2024-03-04',
      '2024-03-11',
      '2024-03-18',
      '2024-03-25',
    ]);
    // The week of 26 February holds 1 March only: the 29 February lead is outside the period.
    expect(row(weeks.leadsByStatus, '2024-02-26')).toMatchObject({ 'Hot Lead': 0, 'Cold Lead': 1 });
    expect(row(weeks.leadsByStatus, '2024-03-04')).toEqual({
      'Hot Lead': 2,
      'Warm Lead': 1,
      'Cold Lead': 1,
      Qualified: 1,
    });
    expect(row(weeks.leadsByStatus, '2024-03-25')).toMatchObject({ 'Warm Lead': 1 });
    expect(totalOf(weeks.leadsByStatus)).toBe(8);

    const months = await report(acme.token, 'from=2024-02-01&to=2024-04-30&bucket=month');
    expect(months.leadsByStatus.rows.map((entry) => entry.bucket)).toEqual([
      '2024-02-01',
      '2024-03-01',
      '2024-04-01',
    ]);
    expect(
      months.leadsByStatus.rows.map((entry) => Object.values(entry.counts).reduce((a, b) => a + b)),
    ).toEqual([1, 8, 1]);
    expect(months.emails.rows.map((entry) => entry.counts)).toEqual([
      { 'Emails sent': 0, Replies: 0, Bounces: 0 },
      { 'Emails sent': 3, Replies: 2, Bounces: 0 },
      { 'Emails sent': 1, Replies: 1, Bounces: 0 },
    ]);
  });

  it('counts emails sent (status sent only) and replies per day', async () => {
    const body = await report(acme.token, `${MARCH}&bucket=day`);
    expect(body.emails.series).toEqual(['Emails sent', 'Replies', 'Bounces']);
    expect(row(body.emails, '2024-03-04')).toEqual({ 'Emails sent': 2, Replies: 0, Bounces: 0 });
    expect(row(body.emails, '2024-03-05')).toEqual({ 'Emails sent': 1, Replies: 0, Bounces: 0 });
    expect(row(body.emails, '2024-03-06')).toEqual({ 'Emails sent': 0, Replies: 2, Bounces: 0 });
    expect(body.totals).toEqual({ leads: 8, emailsSent: 3, replies: 2, bounces: 0 });
  });

  it('gives each campaign’s results in the period', async () => {
    const body = await report(acme.token, MARCH);
    expect(body.campaigns).toEqual([
      {
        _id: acmeCampaign,
        name: '=HYPERLINK("https://evil.test","Spring, outreach")',
        type: 'email',
        status: 'active',
        leads: 3,
        sent: 2,
        failed: 1,
        tasksDone: 0,
        replies: 1,
        bounces: 0,
      },
      expect.objectContaining({
        name: 'Call round',
        type: 'call',
        leads: 2,
        sent: 0,
        tasksDone: 1,
        replies: 0,
      }),
    ]);
    // April: the spring campaign's second reply, no sends; 'Later' exists by then.
    const april = await report(acme.token, 'from=2024-04-01&to=2024-04-30');
    expect(april.campaigns.map((entry) => [entry.name, entry.sent, entry.replies]).sort()).toEqual([
      ['=HYPERLINK("https://evil.test","Spring, outreach")', 0, 1],
      ['Call round', 0, 0],
      ['Later', 0, 0],
    ]);
  });

  it('without dates covers the last 30 days, today included', async () => {
    const body = await report(acme.token, 'bucket=day');
    const today = new Date().toISOString().slice(0, 10);
    expect(body.period.to).toBe(today);
    expect(body.leadsByStatus.rows).toHaveLength(30);
    expect(body.leadsByStatus.rows.at(-1)!.bucket).toBe(today);
  });

  it('refuses bad periods with a 400 that says why', async () => {
    for (const [query, message] of [
      ['from=2024-03-10&to=2024-03-01', 'The end date must not be before the start date'],
      ['from=2024-02-30&to=2024-03-01', 'from is not a valid date'],
      ['from=03/01/2024&to=2024-03-31', 'from must be a date (YYYY-MM-DD)'],
      ['from=2024-03-01', 'Choose both a start and an end date'],
      [`${MARCH}&bucket=year`, 'bucket must be day, week or month'],
      ['from=1999-12-31&to=2000-01-31', 'from must be 2000-01-01 or later'],
      [
        'from=2022-01-01&to=2024-12-31&bucket=day',
        'This period is too long to show by day: at most 366 days. Choose a shorter period or a longer bucket.',
      ],
      [`from=${'9'.repeat(10_000)}&to=2024-03-31`, 'from must be a date (YYYY-MM-DD)'],
    ] as const) {
      const response = await t.request({
        method: 'GET',
        url: `/api/reports?${query}`,
        token: acme.token,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(message);
    }
    // Long periods work with longer buckets.
    expect(
      (await report(acme.token, 'from=2022-01-01&to=2024-12-31&bucket=week')).leadsByStatus.rows,
    ).toHaveLength(158);
  });

  it('is scoped to the organisation; a Super Admin sees every organisation', async () => {
    const other = await report(globex.token, `${MARCH}&bucket=week`);
    expect(other.totals).toEqual({ leads: 2, emailsSent: 1, replies: 1, bounces: 0 });
    expect(other.leadsBySource.series).toEqual(['Cold Call']);
    expect(other.campaigns.map((entry) => entry.name)).toEqual(['Globex blast']);

    const all = await report(await t.rootToken(), `${MARCH}&bucket=week`);
    expect(all.totals.leads).toBeGreaterThanOrEqual(10);
    expect(all.campaigns.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['Globex blast', 'Call round']),
    );
  });

  it('needs a token and the reports permission', async () => {
    expect((await t.request({ method: 'GET', url: '/api/reports' })).statusCode).toBe(401);
    const { token } = await t.createUser({ role: 'Sales Rep', organizationName: 'acme-reports' });
    const refused = await t.request({ method: 'GET', url: `/api/reports?${MARCH}`, token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to access Reports.');
    const csv = await t.request({
      method: 'GET',
      url: `/api/reports/export?${MARCH}&section=emails`,
      token,
    });
    expect(csv.statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('describes the reports routes', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/reports', '/api/reports/export']),
    );
  });
});

describe('GET /api/reports/export', () => {
  const download = (query: string) =>
    t.request({ method: 'GET', url: `/api/reports/export?${query}`, token: acme.token });

  it('downloads the figures behind each chart as CSV', async () => {
    const status = await download(`${MARCH}&bucket=week&section=leads-by-status`);
    expect(status.statusCode).toBe(200);
    expect(status.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(status.headers['content-disposition']).toBe(
      'attachment; filename="leads-by-status-2024-03-01-to-2024-03-31-by-week.csv"',
    );
    expect(status.body.split('\r\n')).toEqual([
      '\uFEFFPeriod starting,Hot Lead,Warm Lead,Cold Lead,Qualified,Total',
      '2024-02-26,0,0,1,0,1',
      '2024-03-04,2,1,1,1,5',
      '2024-03-11,1,0,0,0,1',
      '2024-03-18,0,0,0,0,0',
      '2024-03-25,0,1,0,0,1',
      '',
    ]);

    const sources = await download(`${MARCH}&bucket=month&section=leads-by-source`);
    expect(sources.body.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFPeriod starting,Referral,Website,LinkedIn,Unknown,Total',
      '2024-03-01,3,3,1,1,8',
    ]);

    const emails = await download(`from=2024-03-04&to=2024-03-06&section=emails`);
    expect(emails.body.split('\r\n')).toEqual([
      '\uFEFFPeriod starting,Emails sent,Replies,Bounces',
      '2024-03-04,2,0,0',
      '2024-03-05,1,0,0',
      '2024-03-06,0,2,0',
      '',
    ]);
  });

  it('writes campaign names so that a spreadsheet shows them and never runs them', async () => {
    const response = await download(`${MARCH}&section=campaigns`);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="campaigns-2024-03-01-to-2024-03-31.csv"',
    );
    expect(response.body.split('\r\n')).toEqual([
      '\uFEFFCampaign,Type,Status,Leads reached,Emails sent,Failed,Tasks done,Replies,Bounces',
      `"'=HYPERLINK(""https://evil.test"",""Spring, outreach"")",email,active,3,2,1,0,1,0`,
      'Call round,call,active,2,0,0,1,0,0',
      '',
    ]);
  });

  it('refuses an unknown section and bad periods', async () => {
    const section = await download(`${MARCH}&section=secrets`);
    expect(section.statusCode).toBe(400);
    expect(section.json().message).toBe(
      'section must be one of leads-by-status, leads-by-source, emails, campaigns',
    );
    expect((await download('section=emails&from=2024-03-10&to=2024-03-01')).statusCode).toBe(400);
    expect((await download(MARCH)).statusCode).toBe(400);
  });
});
