import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_OUT_OF_RANGE } from '@leadline/shared/dates';
import { meetingPayload } from './calendar-fixtures.ts';
import { campaignPayload, createCampaign } from './campaigns-support.ts';
import { PASSWORD, ROOT_EMAIL, createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { openTestDatabase } from './db.ts';
import { adminOf, insertLeads, signedUp, signup } from './fixtures.ts';
import { callServer, signinTo, startServerProcess, stopServerProcess } from './server-process.ts';
import type { ServerProcess } from './server-process.ts';

/*
 * Every route that takes a date, given the year 9999, the year 0001 and a reversed range: a 400
 * with a message, never a hang or a 500. Each test has a short timeout, so a loop that never
 * ends fails fast instead of stalling the run (the year 9999 once spun /api/reports forever).
 */

const FAST = 10_000;
const YEAR_9999 = '9999-12-31';
const YEAR_0001 = '0001-01-01';

let t: TestContext;
let admin: Awaited<ReturnType<typeof adminOf>>;

beforeAll(async () => {
  t = await createTestContext();
  admin = await adminOf(t, 'acme-dates');
  await insertLeads(t.database.db, admin.organizationId, [{}, {}, {}]);
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.request({ method: 'GET', url, token: admin.token });

/** A 400 whose message (or the named field's message) is `message`. */
const expectRefused = async (
  response: Awaited<ReturnType<TestContext['request']>>,
  message: string | RegExp,
  field?: string,
) => {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { message: string; errors?: Record<string, string> };
  const said = field ? (body.errors?.[field] ?? body.message) : body.message;
  if (typeof message === 'string') expect(said).toBe(message);
  else expect(said).toMatch(message);
};

const QUERY_ROUTES: [name: string, url: (query: string) => string][] = [
  ['GET /api/reports', (query) => `/api/reports?${query}`],
  ['GET /api/reports/export', (query) => `/api/reports/export?section=emails&${query}`],
  ['GET /api/leads', (query) => `/api/leads?${query}`],
  ['GET /api/leads/download', (query) => `/api/leads/download?${query}`],
  ['GET /api/calendar', (query) => `/api/calendar?${query}`],
];

describe.each(QUERY_ROUTES)('%s', (_name, url) => {
  it(
    'refuses the year 9999 (from and to)',
    async () => {
      await expectRefused(await get(url('from=9999-12-30&to=9999-12-31')), DATE_OUT_OF_RANGE);
      await expectRefused(await get(url(`from=2024-01-01&to=${YEAR_9999}`)), DATE_OUT_OF_RANGE);
    },
    FAST,
  );

  it(
    'refuses the year 0001',
    async () => {
      await expectRefused(await get(url(`from=${YEAR_0001}&to=2024-01-01`)), DATE_OUT_OF_RANGE);
    },
    FAST,
  );

  it(
    'refuses a reversed range',
    async () => {
      await expectRefused(await get(url('from=2024-03-02&to=2024-03-01')), /before/, 'to');
    },
    FAST,
  );

  it(
    'takes the last month accepted, and a one-day range',
    async () => {
      const last = await get(url('from=2200-12-01&to=2200-12-31'));
      expect(last.statusCode, last.body).toBe(200);
      const oneDay = await get(url('from=2024-03-01&to=2024-03-01'));
      expect(oneDay.statusCode, oneDay.body).toBe(200);
    },
    FAST,
  );
});

describe('dates in other routes', () => {
  it(
    'GET /api/calendar?date= refuses the years 9999 and 0001, takes 2200-12-31',
    async () => {
      await expectRefused(await get(`/api/calendar?date=${YEAR_9999}`), DATE_OUT_OF_RANGE);
      await expectRefused(await get(`/api/calendar?date=${YEAR_0001}`), DATE_OUT_OF_RANGE);
      expect((await get('/api/calendar?date=2200-12-31')).statusCode).toBe(200);
      expect((await get('/api/calendar?date=1900-01-01')).statusCode).toBe(200);
    },
    FAST,
  );

  it(
    'GET /api/leads takes only one end of the range, in bounds',
    async () => {
      expect((await get('/api/leads?to=2200-12-31')).statusCode).toBe(200);
      expect((await get('/api/leads?from=1900-01-01')).statusCode).toBe(200);
      await expectRefused(await get(`/api/leads?to=${YEAR_9999}`), DATE_OUT_OF_RANGE);
    },
    FAST,
  );

  it(
    'POST and PUT /api/calendar refuse a meeting in the year 9999 or 0001',
    async () => {
      for (const date of [YEAR_9999, YEAR_0001]) {
        const response = await t.request({
          method: 'POST',
          url: '/api/calendar',
          token: admin.token,
          payload: meetingPayload({ date, attendees: [] }),
        });
        await expectRefused(response, DATE_OUT_OF_RANGE, 'date');
      }
      const created = await t.request({
        method: 'POST',
        url: '/api/calendar',
        token: admin.token,
        payload: meetingPayload({ date: '2200-12-31', attendees: [] }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().meeting._id as string;
      const moved = await t.request({
        method: 'PUT',
        url: `/api/calendar/${id}`,
        token: admin.token,
        payload: meetingPayload({ date: YEAR_9999, attendees: [] }),
      });
      await expectRefused(moved, DATE_OUT_OF_RANGE, 'date');
    },
    FAST,
  );

  it(
    'POST and PUT /api/campaigns refuse a start date in the year 9999 or 0001',
    async () => {
      for (const day of [YEAR_9999, YEAR_0001]) {
        const response = await t.request({
          method: 'POST',
          url: '/api/campaigns',
          token: admin.token,
          payload: campaignPayload({
            schedule: { sendNow: false, startDate: `${day}T09:00:00Z`, throttlePerHour: 10 },
          }),
        });
        await expectRefused(response, DATE_OUT_OF_RANGE, 'schedule.startDate');
      }
      const campaign = await createCampaign(t, admin.token);
      const updated = await t.request({
        method: 'PUT',
        url: `/api/campaigns/${campaign._id}`,
        token: admin.token,
        payload: {
          schedule: { sendNow: false, startDate: `${YEAR_9999}T09:00:00Z`, throttlePerHour: 10 },
        },
      });
      await expectRefused(updated, DATE_OUT_OF_RANGE, 'schedule.startDate');
    },
    FAST,
  );

  it(
    'PUT /api/users/approve and POST /api/auth/signup refuse an expiry in the year 9999',
    async () => {
      const root = await t.rootToken();
      const applicant = await signedUp(t, undefined, { organizationName: 'acme-dates' });
      const approve = (expiresAt: string) =>
        t.request({
          method: 'PUT',
          url: `/api/users/approve/${applicant._id}`,
          token: root,
          payload: { expiresAt },
        });
      await expectRefused(await approve(`${YEAR_9999}T00:00:00Z`), DATE_OUT_OF_RANGE, 'expiresAt');
      await expectRefused(await approve('+275760-09-13T00:00:00Z'), /./, 'expiresAt');
      const created = await signup(t, root, {
        organizationName: 'acme-dates',
        expiresAt: `${YEAR_9999}T00:00:00Z`,
      });
      await expectRefused(created, DATE_OUT_OF_RANGE, 'expiresAt');
    },
    FAST,
  );

  it(
    'GET /api/dashboard and /api/activity take no dates: date parameters are ignored, not a 500',
    async () => {
      for (const url of ['/api/dashboard', '/api/activity']) {
        const response = await get(`${url}?from=${YEAR_9999}&to=${YEAR_0001}&date=${YEAR_9999}`);
        expect(response.statusCode, response.body).toBe(200);
      }
    },
    FAST,
  );

  it(
    'the server still answers after all of the above',
    async () => {
      expect((await get('/api/reports?from=2024-01-01&to=2024-01-31')).statusCode).toBe(200);
    },
    FAST,
  );
});

/*
 * The same through a real server process: in-process requests share the test's event loop, so
 * a loop that never ends would stall the test itself. Here each request is abandoned after a
 * few seconds, and the server must still be up afterwards.
 */
describe('a running server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'leadline-dates-'));
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let server: ServerProcess | undefined;
  let token = '';

  beforeAll(async () => {
    database = process.env.TEST_DATABASE_URL ? await openTestDatabase() : undefined;
    server = await startServerProcess({
      dataDir,
      databaseUrl: database?.url,
      env: { SUPERADMIN_EMAIL: ROOT_EMAIL, SUPERADMIN_PASSWORD: PASSWORD },
    });
    const root = await signinTo(server, ROOT_EMAIL, PASSWORD);
    const email = 'dates-admin@example.com';
    const created = await callServer(
      server,
      'POST',
      '/api/auth/signup',
      { name: 'Dates Admin', email, password: PASSWORD, role: 'Admin', organizationName: 'dates' },
      root,
    );
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    token = await signinTo(server, email, PASSWORD);
  }, 120_000);

  afterAll(async () => {
    if (server) await stopServerProcess(server, 'SIGTERM');
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const fetchQuickly = (path: string) =>
    fetch(`${server!.url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5_000),
    });

  it('answers 400 at once to every route given the year 9999, 0001 or a reversed range', async () => {
    const queries = [
      'from=9999-12-30&to=9999-12-31',
      `from=${YEAR_0001}&to=2024-01-01`,
      'from=2024-03-02&to=2024-03-01',
    ];
    for (const [name, url] of QUERY_ROUTES) {
      for (const query of queries) {
        const response = await fetchQuickly(url(query));
        const body = (await response.json()) as { message: string };
        expect(response.status, `${name}?${query}: ${JSON.stringify(body)}`).toBe(400);
        expect(body.message).toMatch(/between 1900-01-01 and 2200-12-31|before/);
      }
    }
    for (const date of [YEAR_9999, YEAR_0001]) {
      const response = await fetchQuickly(`/api/calendar?date=${date}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(DATE_OUT_OF_RANGE);
    }
    expect((await fetchQuickly('/api/health')).status).toBe(200);
    expect((await fetchQuickly('/api/reports?from=2024-01-01&to=2024-12-31')).status).toBe(200);
  }, 60_000);
});
