import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardResponse, LeaderboardRow } from '@leadline/shared/leaderboard';
import type { ReportResponse } from '@leadline/shared/reports';
import { sentEmails } from '../src/db/schema.ts';
import { leadNotes, leadStatusChanges } from '../src/db/tables/business.ts';
import { meetings } from '../src/db/tables/calendar.ts';
import { emailReplies } from '../src/db/tables/email-jobs.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, insertLeads } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';

const ACME = 'acme-leaderboard';
const GLOBEX = 'globex-leaderboard';
const MARCH = 'from=2024-03-01&to=2024-03-31';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
let ana: { token: string; id: string };
let ben: { token: string; id: string };
let cara: { token: string; id: string };

const at = (iso: string) => new Date(iso);
let sequence = 0;
const messageId = () => `<m${++sequence}@leaderboard.test>`;

const rep = async (name: string, organizationName = ACME) => {
  const { user, token } = await t.createUser({ role: 'Sales Rep', organizationName, name });
  return { token, id: user._id };
};

const seed = async () => {
  const db = t.database.db;
  const org = acme.organizationId;
  const leadsOf = (organizationId: string, rows: [createdAt: string, by: string][]) =>
    insertLeads(
      db,
      organizationId,
      rows.map(([createdAt, createdBy]) => ({ createdAt: at(createdAt), createdBy })),
    );
  const acmeLeads = await leadsOf(org, [
    ['2024-02-29T23:59:59Z', ana.id], // before the period
    ['2024-03-01T00:00:00Z', ana.id], // its first instant
    ['2024-03-15T10:00:00Z', ana.id],
    ['2024-03-31T23:59:59Z', ana.id], // its last instant
    ['2024-03-10T10:00:00Z', ben.id],
    ['2024-04-01T00:00:00Z', ben.id], // just after
  ]);
  const globexLeads = await leadsOf(globex.organizationId, [
    ['2024-03-10T10:00:00Z', globex.user._id],
  ]);
  const email = (
    organizationId: string,
    userId: string,
    sentAt: string,
    status: 'sent' | 'failed' = 'sent',
  ) => ({
    organizationId,
    userId,
    leadId: organizationId === org ? acmeLeads[1]! : globexLeads[0]!,
    kind: 'single' as const,
    status,
    fromAddress: 'rep@acme.test',
    to: 'lead@lead.test',
    subject: 'Hello',
    messageId: messageId(),
    sentAt: at(sentAt),
  });
  const sent = await db
    .insert(sentEmails)
    .values([
      email(org, ana.id, '2024-03-02T10:00:00Z'),
      email(org, ana.id, '2024-03-03T10:00:00Z'),
      email(org, ana.id, '2024-03-03T11:00:00Z', 'failed'),
      email(org, ben.id, '2024-03-04T10:00:00Z'),
      email(org, ben.id, '2024-04-04T10:00:00Z'),
      email(globex.organizationId, globex.user._id, '2024-03-04T10:00:00Z'),
    ])
    .returning({ id: sentEmails.id });
  const reply = (
    userId: string,
    receivedAt: string,
    sentEmailId: string | null,
    kind: 'reply' | 'auto-reply' = 'reply',
  ) => ({
    organizationId: org,
    userId,
    leadId: acmeLeads[1]!,
    sentEmailId,
    kind,
    fromAddress: 'lead@lead.test',
    messageId: messageId(),
    receivedAt: at(receivedAt),
  });
  await db.insert(emailReplies).values([
    // In Ben's inbox, answering Ana's email: Ana's reply.
    reply(ben.id, '2024-03-05T09:00:00Z', sent[0]!.id),
    // Answering nothing known: whose inbox it reached.
    reply(ben.id, '2024-03-06T09:00:00Z', null),
    reply(ana.id, '2024-03-06T10:00:00Z', sent[1]!.id, 'auto-reply'),
    reply(ana.id, '2024-04-06T10:00:00Z', sent[1]!.id),
  ]);
  const meeting = (organizationId: string, organizerId: string, startsAt: string) => ({
    organizationId,
    organizerId,
    topic: 'Demo',
    startsAt: at(startsAt),
    endsAt: new Date(at(startsAt).getTime() + 3_600_000),
    timeZone: 'UTC',
    uid: `${++sequence}@leaderboard.test`,
  });
  await db
    .insert(meetings)
    .values([
      meeting(org, ana.id, '2024-03-20T10:00:00Z'),
      meeting(org, ana.id, '2024-04-20T10:00:00Z'),
      meeting(globex.organizationId, globex.user._id, '2024-03-20T10:00:00Z'),
    ]);
  const change = (userId: string, toStatus: 'Qualified' | 'Hot Lead', changedAt: string) => ({
    organizationId: org,
    leadId: acmeLeads[4]!,
    userId,
    fromStatus: 'Cold Lead' as const,
    toStatus,
    changedAt: at(changedAt),
  });
  await db
    .insert(leadStatusChanges)
    .values([
      change(ben.id, 'Qualified', '2024-03-11T10:00:00Z'),
      change(ben.id, 'Qualified', '2024-03-12T10:00:00Z'),
      change(ben.id, 'Hot Lead', '2024-03-12T11:00:00Z'),
      change(ana.id, 'Qualified', '2024-02-12T11:00:00Z'),
    ]);
  const note = (userId: string, kind: 'note' | 'call', createdAt: string) => ({
    organizationId: org,
    leadId: acmeLeads[1]!,
    userId,
    kind,
    body: 'Talked',
    createdAt: at(createdAt),
  });
  await db
    .insert(leadNotes)
    .values([
      note(ana.id, 'call', '2024-03-07T10:00:00Z'),
      note(ana.id, 'note', '2024-03-07T11:00:00Z'),
      note(ana.id, 'note', '2024-03-08T11:00:00Z'),
      note(ben.id, 'call', '2024-03-09T11:00:00Z'),
      note(ben.id, 'call', '2024-05-09T11:00:00Z'),
    ]);
};

beforeAll(async () => {
  t = await createTestContext();
  acme = await adminOf(t, ACME);
  globex = await adminOf(t, GLOBEX);
  ana = await rep('Ana Rep');
  ben = await rep('Ben Rep');
  cara = await rep('Cara Rep');
  await seed();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const get = (token: string, query: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: `/api/leaderboard?${query}`, token, headers });

const board = async (token: string, query: string): Promise<LeaderboardResponse> => {
  const response = await get(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const figures = (row: LeaderboardRow) => {
  const { user, ...rest } = row;
  return { name: user.name, ...rest };
};

const ZERO = {
  leadsCreated: 0,
  emailsSent: 0,
  replies: 0,
  meetings: 0,
  qualified: 0,
  calls: 0,
  notes: 0,
  dealsWon: 0,
  valueWon: 0,
};

describe('GET /api/leaderboard', () => {
  it("counts each user's figures for the period, and keeps the users with none", async () => {
    const body = await board(acme.token, MARCH);
    expect(body.period).toEqual({ from: '2024-03-01', to: '2024-03-31' });
    expect(body.sort).toBe('leadsCreated');
    expect(body.rows.map(figures)).toEqual([
      {
        name: 'Ana Rep',
        leadsCreated: 3,
        emailsSent: 2,
        replies: 1,
        meetings: 1,
        qualified: 0,
        calls: 1,
        notes: 2,
        dealsWon: 0,
        valueWon: 0,
      },
      {
        name: 'Ben Rep',
        leadsCreated: 1,
        emailsSent: 1,
        replies: 1,
        meetings: 0,
        qualified: 2,
        calls: 1,
        notes: 0,
        dealsWon: 0,
        valueWon: 0,
      },
      // Nothing in the period: last, by name.
      { name: 'Cara Rep', ...ZERO },
      { name: 'Test User', ...ZERO },
    ]);
    expect(body.rows[2]!.user.id).toBe(cara.id);
    expect(body.rows.map((row) => row.user.id)).not.toContain(globex.user._id);
  });

  it('ranks by the chosen figure', async () => {
    const byQualified = await board(acme.token, `${MARCH}&sort=qualified`);
    expect(byQualified.sort).toBe('qualified');
    expect(byQualified.rows.map((row) => row.user.name)).toEqual([
      'Ben Rep',
      'Ana Rep',
      'Cara Rep',
      'Test User',
    ]);
    const byNotes = await board(acme.token, `${MARCH}&sort=notes`);
    expect(byNotes.rows[0]!.user.name).toBe('Ana Rep');
  });

  it('sums to what Reports shows for the same period', async () => {
    for (const period of [
      MARCH,
      'from=2024-03-02&to=2024-04-30',
      'from=2024-03-31&to=2024-03-31',
    ]) {
      const body = await board(acme.token, period);
      const response = await t.request({
        method: 'GET',
        url: `/api/reports?${period}`,
        token: acme.token,
      });
      const { totals } = response.json() as ReportResponse;
      const sum = (key: 'leadsCreated' | 'emailsSent' | 'replies') =>
        body.rows.reduce((total, row) => total + row[key], 0);
      expect({
        leads: sum('leadsCreated'),
        sent: sum('emailsSent'),
        replies: sum('replies'),
      }).toEqual({ leads: totals.leads, sent: totals.emailsSent, replies: totals.replies });
    }
  });

  it('counts meetings held: started in the period and not later than now', async () => {
    const now = Date.now();
    await t.database.db.insert(meetings).values(
      [now - 3_600_000, now + 3_600_000].map((start) => ({
        organizationId: acme.organizationId,
        organizerId: cara.id,
        topic: 'Today',
        startsAt: new Date(start),
        endsAt: new Date(start + 1_800_000),
        timeZone: 'UTC',
        uid: `${++sequence}@leaderboard.test`,
      })),
    );
    const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
    const body = await board(acme.token, `from=${day(-1)}&to=${day(1)}&sort=meetings`);
    expect(figures(body.rows[0]!)).toEqual({ name: 'Cara Rep', ...ZERO, meetings: 1 });
  });

  it('answers the last 30 days without dates', async () => {
    const body = await board(acme.token, '');
    const today = new Date().toISOString().slice(0, 10);
    expect(body.period.to).toBe(today);
    expect(body.rows).toHaveLength(4);
  });

  it('refuses bad dates and sorts with 400', async () => {
    const cases: [string, string][] = [
      ['from=2024-03-01', 'to'],
      ['from=2024-02-30&to=2024-03-01', 'from'],
      ['from=yesterday&to=2024-03-01', 'from'],
      ['from=2024-03-05&to=2024-03-01', 'to'],
      ['from=1000-01-01&to=2024-03-01', 'from'],
      [`${MARCH}&sort=revenue`, 'sort'],
    ];
    for (const [query, field] of cases) {
      const response = await get(acme.token, query);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors ?? {}), query).toContain(field);
    }
  });

  it('needs the leaderboard permission', async () => {
    expect((await get(ana.token, MARCH)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/leaderboard' })).statusCode).toBe(401);
    const granted = await t.request({
      method: 'PUT',
      url: `/api/users/${ana.id}/permissions`,
      token: acme.token,
      payload: { permissions: { leaderboard: true } },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await board(ana.token, MARCH)).rows[0]!.user.name).toBe('Ana Rep');
  });

  it("shows only the caller's organisation; a Super Admin chooses one", async () => {
    const theirs = await board(globex.token, MARCH);
    expect(theirs.rows.map(figures)).toEqual([
      { name: 'Test User', ...ZERO, leadsCreated: 1, emailsSent: 1, meetings: 1 },
    ]);
    const root = await t.rootToken();
    const none = await get(root, MARCH);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/Choose an organisation/);
    const acting = await get(root, MARCH, { 'x-organization': ACME });
    expect(acting.statusCode, acting.body).toBe(200);
    expect((acting.json() as LeaderboardResponse).rows).toHaveLength(4);
  });
});
