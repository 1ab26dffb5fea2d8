// Path ids are checked by the routes' parameter schemas: what is not a UUID gets the same
// status and `{ message }` the services gave it, a well-formed unknown id is still a 404, and
// the guard (401, 403) still answers first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingPayload } from './calendar-fixtures.ts';
import type { TestContext } from './context.ts';
import { MISSING_ID, openTwoOrganisations } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Case = [method: Method, path: (id: string) => string, payload?: object];

let t: TestContext;
let acme: OrganisationAdmin;

beforeAll(async () => ({ t, acme } = await openTwoOrganisations()));
afterAll(() => t.close());

const ODD_IDS = ['not-an-id', 'undefined', '1234', `${MISSING_ID}x`];

/** Every case with every odd id answers `status` and exactly `{ message }`. */
const expectIdAnswers = async (
  token: string,
  cases: readonly Case[],
  status: number,
  message: string,
) => {
  for (const [method, path, payload] of cases) {
    for (const id of ODD_IDS) {
      const url = path(id);
      const response = await t.request({ method, url, token, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(status);
      expect(response.json(), `${method} ${url}`).toEqual({ message });
    }
  }
};

/** A well-formed id that names nothing is the services' 404, as before. */
const expectMissing = async (token: string, cases: readonly Case[], message: string) => {
  for (const [method, path, payload] of cases) {
    const url = path(MISSING_ID);
    const response = await t.request({ method, url, token, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}`).toBe(404);
    expect(response.json().message, `${method} ${url}`).toBe(message);
  }
};

const LEADS: Case[] = [
  ['GET', (id) => `/api/leads/${id}`],
  ['PUT', (id) => `/api/leads/${id}`, { companyName: 'Renamed' }],
  ['PATCH', (id) => `/api/leads/${id}/status`, { status: 'Hot Lead' }],
  ['DELETE', (id) => `/api/leads/${id}`],
  ['GET', (id) => `/api/leads/${id}/activity`],
  ['GET', (id) => `/api/leads/${id}/emails`],
];
const BULK_RUNS: Case[] = [
  ['GET', (id) => `/api/email/bulk/${id}`],
  ['POST', (id) => `/api/email/bulk/${id}/stop`],
];
const CLIENTS: Case[] = [
  ['GET', (id) => `/api/clients/${id}`],
  ['PUT', (id) => `/api/clients/${id}`, { companyName: 'Renamed' }],
  ['DELETE', (id) => `/api/clients/${id}`],
];
const CAMPAIGNS: Case[] = [
  ['GET', (id) => `/api/campaigns/${id}`],
  ['PUT', (id) => `/api/campaigns/${id}`, { name: 'Renamed' }],
  ['DELETE', (id) => `/api/campaigns/${id}`],
  ['POST', (id) => `/api/campaigns/${id}/send`],
  ['PATCH', (id) => `/api/campaigns/${id}/status`, { status: 'paused' }],
  ['GET', (id) => `/api/campaigns/${id}/recipients`],
  ['PATCH', (id) => `/api/campaigns/${id}/tasks/${MISSING_ID}`, { done: true }],
];
const MEETINGS: Case[] = [
  ['GET', (id) => `/api/calendar/${id}`],
  ['PUT', (id) => `/api/calendar/${id}`, meetingPayload()],
  ['POST', (id) => `/api/calendar/${id}/resend`],
  ['PUT', (id) => `/api/calendar/${id}/attendees/a%40b.test/response`, { response: 'accepted' }],
  ['DELETE', (id) => `/api/calendar/${id}`],
];
const USERS: Case[] = [
  ['PUT', (id) => `/api/users/${id}/permissions`, { permissions: { leadsTable: true } }],
  ['PUT', (id) => `/api/users/${id}/role`, { role: 'Marketing' }],
  ['POST', (id) => `/api/users/${id}/deactivate`],
  ['POST', (id) => `/api/users/${id}/reactivate`],
  ['POST', (id) => `/api/users/${id}/reset-password`],
];
const PENDING_USERS: Case[] = [
  ['PUT', (id) => `/api/users/approve/${id}`, { expiresAt: '2099-01-01T00:00:00.000Z' }],
  ['DELETE', (id) => `/api/users/reject/${id}`],
];
const IMPORTS: Case[] = [
  ['GET', (id) => `/api/imports/${id}`],
  ['GET', (id) => `/api/imports/${id}/failed-rows`],
];
const PRESETS: Case[] = [
  ['DELETE', (id) => `/api/leads/import-presets/${id}`],
  ['DELETE', (id) => `/api/clients/import-presets/${id}`],
];

describe('path ids that are not ids', () => {
  it("leads: 400 'Invalid lead ID'", async () => {
    await expectIdAnswers(acme.token, LEADS, 400, 'Invalid lead ID');
    await expectMissing(acme.token, LEADS, 'Lead not found');
  });

  it('bulk runs: 404 as for another user’s run', async () => {
    await expectIdAnswers(acme.token, BULK_RUNS, 404, 'Bulk email job not found');
    await expectMissing(acme.token, BULK_RUNS, 'Bulk email job not found');
  });

  it("clients: 400 'Invalid client ID'", async () => {
    await expectIdAnswers(acme.token, CLIENTS, 400, 'Invalid client ID');
    await expectMissing(acme.token, CLIENTS, 'Client not found');
  });

  it("campaigns: 400 'Invalid campaign ID', a task's lead 400 'Invalid lead ID'", async () => {
    await expectIdAnswers(acme.token, CAMPAIGNS, 400, 'Invalid campaign ID');
    await expectMissing(acme.token, CAMPAIGNS, 'Campaign not found');
    const created = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: acme.token,
      payload: { name: 'Calls', type: 'call' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const task: Case = [
      'PATCH',
      (id) => `/api/campaigns/${created.json()._id}/tasks/${id}`,
      { done: true },
    ];
    await expectIdAnswers(acme.token, [task], 400, 'Invalid lead ID');
  });

  it("calendar: 400 'Invalid meeting ID'", async () => {
    await expectIdAnswers(acme.token, MEETINGS, 400, 'Invalid meeting ID');
    await expectMissing(acme.token, MEETINGS, 'Meeting not found');
  });

  it('users: 404 as for an unknown user; an id past 100 characters is still a 414', async () => {
    await expectIdAnswers(acme.token, USERS, 404, 'User not found');
    await expectMissing(acme.token, USERS, 'User not found');
    const root = await t.rootToken();
    await expectIdAnswers(root, PENDING_USERS, 404, 'Pending user not found');
    await expectMissing(root, PENDING_USERS, 'Pending user not found');
    const long = await t.request({
      method: 'POST',
      url: `/api/users/${'x'.repeat(101)}/deactivate`,
      token: acme.token,
    });
    expect(long.statusCode).toBe(414);
  });

  it('sessions: 404 as for another user’s session', async () => {
    const sessions: Case[] = [['DELETE', (id) => `/api/auth/sessions/${id}`]];
    await expectIdAnswers(acme.token, sessions, 404, 'Session not found');
    await expectMissing(acme.token, sessions, 'Session not found');
  });

  it('imports and import presets: 404 as for another organisation’s', async () => {
    await expectIdAnswers(acme.token, IMPORTS, 404, 'Import not found');
    await expectMissing(acme.token, IMPORTS, 'Import not found');
    await expectIdAnswers(acme.token, PRESETS, 404, 'Preset not found');
    await expectMissing(acme.token, PRESETS, 'Preset not found');
  });

  it('the guard answers first: 401 without a token, 403 without the permission', async () => {
    for (const [method, path, payload] of [...LEADS, ...CAMPAIGNS, ...USERS]) {
      const url = path('not-an-id');
      const response = await t.request({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    const { token: rep } = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      permissions: {},
    });
    for (const [method, path, payload] of CAMPAIGNS) {
      const url = path('not-an-id');
      const response = await t.request({
        method,
        url,
        token: rep,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
