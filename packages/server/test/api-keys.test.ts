import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  API_KEY_EXPIRED,
  API_KEY_EXPIRY_PAST,
  API_KEY_INVALID,
  API_KEY_NOT_FOUND,
  API_KEY_OWNER_REFUSED,
  API_KEY_REVOKED,
  API_KEY_SESSION_ONLY,
} from '@leadline/shared/api-keys';
import type { ApiKey, ApiKeyCreated, OrganizationApiKey } from '@leadline/shared/api-keys';
import type { PublicUser } from '@leadline/shared/auth';
import { apiKeys } from '../src/db/tables/integrations.ts';
import { ROOT_EMAIL, createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { MISSING_ID, callAs, createLead, openTwoOrganisations } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
let rep: { user: PublicUser; token: string };

beforeAll(async () => {
  ({ t, acme, globex } = await openTwoOrganisations());
  rep = await t.createUser({
    role: 'Sales Rep',
    organizationName: 'acme',
    name: 'Kim Key',
    permissions: { dashboard: true, leadsTable: true, createLead: true },
  });
});
afterAll(() => t.close());

const createKey = async (token: string, body: object = { name: 'Spreadsheet sync' }) => {
  const response = await callAs(t, token, 'POST', '/api/api-keys', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ApiKeyCreated;
};

const keyRow = async (id: string) => {
  const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row!;
};

const listLeads = (key: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: '/api/leads?limit=10', token: key, headers });

describe('creating and listing keys', () => {
  it('answers the key once; only its SHA-256 is stored; lists show the prefix', async () => {
    const created = await createKey(rep.token, {
      name: '  Warehouse export ',
      expiresAt: '2031-01-01T00:00:00.000Z',
    });
    expect(created.key).toMatch(/^ll_[\w-]{43}$/);
    expect(created.apiKey).toEqual({
      _id: expect.any(String),
      name: 'Warehouse export',
      prefix: created.key.slice(0, 10),
      createdAt: expect.any(String),
      expiresAt: '2031-01-01T00:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
      status: 'active',
    });
    const row = await keyRow(created.apiKey._id);
    expect(row.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(row).toMatchObject({ userId: rep.user._id, organizationId: acme.organizationId });
    const list = await callAs(t, rep.token, 'GET', '/api/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.body).not.toContain(row.keyHash);
    const mine = (list.json().apiKeys as ApiKey[]).find((key) => key._id === created.apiKey._id);
    expect(mine).toEqual(created.apiKey);
    // Another user's list does not hold it.
    const theirs = await callAs(t, acme.token, 'GET', '/api/api-keys');
    expect(theirs.body).not.toContain(created.apiKey._id);
  });

  it('refuses a missing name, a past expiry and a malformed one (400)', async () => {
    for (const [body, message] of [
      [{}, 'Name is required'],
      [{ name: '   ' }, 'Name is required'],
      [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
      [{ name: 'Old', expiresAt: '2001-01-01T00:00:00Z' }, API_KEY_EXPIRY_PAST],
      [{ name: 'Bad', expiresAt: 'tomorrow' }, 'Expiry must be a date and time'],
    ] as const) {
      const response = await callAs(t, rep.token, 'POST', '/api/api-keys', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toContain(message);
    }
  });
});

describe('calling the API with a key', () => {
  it('acts as the owner on a real route and notes the last use at most once a minute', async () => {
    const { key, apiKey } = await createKey(rep.token);
    const lead = await createLead(t, rep.token);
    const first = await listLeads(key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().leads.map((l: { _id: string }) => l._id)).toContain(lead._id);
    const created = await t.request({
      method: 'POST',
      url: '/api/leads',
      token: key,
      payload: {
        companyName: 'Keyed',
        personFirstName: 'Via',
        personLastName: 'Key',
        personEmail: 'via-key@keys.test',
        source: 'Referral',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().ownerId).toBe(rep.user._id);
    const used = (await keyRow(apiKey._id)).lastUsedAt;
    expect(used).toBeInstanceOf(Date);
    await listLeads(key);
    expect((await keyRow(apiKey._id)).lastUsedAt).toEqual(used);
    // The list says when it was used.
    const listed = (await callAs(t, rep.token, 'GET', '/api/api-keys')).json().apiKeys as ApiKey[];
    expect(listed.find((k) => k._id === apiKey._id)!.lastUsedAt).toBe(used!.toISOString());
  });

  it("follows the owner's current permissions", async () => {
    const member = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      permissions: { dashboard: true, leadsTable: true },
    });
    const { key } = await createKey(member.token);
    expect((await listLeads(key)).statusCode).toBe(200);
    const changed = await callAs(
      t,
      acme.token,
      'PUT',
      `/api/users/${member.user._id}/permissions`,
      {
        permissions: { dashboard: true, leadsTable: false },
      },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const refused = await listLeads(key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/permission/);
  });

  it('refuses a key once revoked, also while a batch of requests runs', async () => {
    const { key, apiKey } = await createKey(rep.token);
    expect((await listLeads(key)).statusCode).toBe(200);
    const batch = Array.from({ length: 20 }, () => listLeads(key));
    const revoke = callAs(t, rep.token, 'DELETE', `/api/api-keys/${apiKey._id}`);
    const more = Array.from({ length: 20 }, () => listLeads(key));
    const revoked = await revoke;
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({
      message: 'API key revoked',
      apiKey: { _id: apiKey._id, status: 'revoked', revokedAt: expect.any(String) },
    });
    // Every request of the batch either ran before the revocation or was refused.
    for (const response of await Promise.all([...batch, ...more])) {
      expect([200, 401]).toContain(response.statusCode);
      if (response.statusCode === 401) expect(response.json().message).toBe(API_KEY_REVOKED);
    }
    // Every request after it is refused.
    const after = await Promise.all(Array.from({ length: 5 }, () => listLeads(key)));
    expect(after.map((response) => response.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(after[0]!.json().message).toBe(API_KEY_REVOKED);
    // Revoking again changes nothing.
    const again = await callAs(t, rep.token, 'DELETE', `/api/api-keys/${apiKey._id}`);
    expect(again.json()).toMatchObject({ message: 'API key already revoked' });
  });

  it('refuses an expired key and an unknown one (401)', async () => {
    const { key, apiKey } = await createKey(rep.token, {
      name: 'Short-lived',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await listLeads(key)).statusCode).toBe(200);
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiKeys.id, apiKey._id));
    const expired = await listLeads(key);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(API_KEY_EXPIRED);
    const listed = (await callAs(t, rep.token, 'GET', '/api/api-keys')).json().apiKeys as ApiKey[];
    expect(listed.find((k) => k._id === apiKey._id)!.status).toBe('expired');
    const unknown = await listLeads(`ll_${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(API_KEY_INVALID);
  });

  it('stops when the owner is deactivated (and again when reactivated); gone with the user', async () => {
    const member = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      permissions: { dashboard: true, leadsTable: true },
    });
    const { key } = await createKey(member.token);
    const off = await callAs(t, acme.token, 'POST', `/api/users/${member.user._id}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    const refused = await listLeads(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(new RegExp(`^${API_KEY_OWNER_REFUSED}: `));
    const on = await callAs(t, acme.token, 'POST', `/api/users/${member.user._id}/reactivate`);
    expect(on.statusCode, on.body).toBe(200);
    expect((await listLeads(key)).statusCode).toBe(200);
    const gone = await callAs(t, acme.token, 'DELETE', `/api/users/${member.user._id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await listLeads(key)).statusCode).toBe(401);
  });

  it('survives signing out everywhere', async () => {
    const member = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      permissions: { dashboard: true, leadsTable: true },
    });
    const { key } = await createKey(member.token);
    const out = await callAs(t, member.token, 'POST', '/api/auth/signout', { everywhere: true });
    expect(out.statusCode, out.body).toBe(200);
    expect((await callAs(t, member.token, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await listLeads(key)).statusCode).toBe(200);
  });

  it('cannot create or revoke keys or change the password (403)', async () => {
    const { key, apiKey } = await createKey(rep.token);
    const refusals = [
      await callAs(t, key, 'POST', '/api/api-keys', { name: 'Another' }),
      await callAs(t, key, 'DELETE', `/api/api-keys/${apiKey._id}`),
      await callAs(t, key, 'POST', '/api/auth/change-password', {
        currentPassword: 'correct-horse-battery',
        newPassword: 'another-horse-battery-9',
      }),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toBe(API_KEY_SESSION_ONLY);
    }
    expect((await keyRow(apiKey._id)).revokedAt).toBeNull();
    // Reading one's own list is fine.
    expect((await callAs(t, key, 'GET', '/api/api-keys')).statusCode).toBe(200);
  });

  it("a Super Admin's key works in an organisation named by X-Organization", async () => {
    const root = await t.rootToken();
    const { key } = await createKey(root);
    const row = (await t.database.db.select().from(apiKeys)).find(
      (k) => k.prefix === key.slice(0, 10),
    );
    expect(row!.organizationId).not.toBe(acme.organizationId);
    const inAcme = await listLeads(key, { 'x-organization': 'acme' });
    expect(inAcme.statusCode, inAcme.body).toBe(200);
    const me = await callAs(t, key, 'GET', '/api/auth/me');
    expect(me.json().user?.email ?? me.json().email).toBe(ROOT_EMAIL);
  });
});

describe("administrators and other organisations' keys", () => {
  it("lets an Admin see and revoke the organisation's keys", async () => {
    const { key, apiKey } = await createKey(rep.token, { name: 'Billing bridge' });
    const listed = await callAs(t, acme.token, 'GET', '/api/api-keys/organization');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.body).not.toContain(key);
    const entry = (listed.json().apiKeys as OrganizationApiKey[]).find((k) => k._id === apiKey._id);
    expect(entry).toMatchObject({
      name: 'Billing bridge',
      prefix: apiKey.prefix,
      owner: { _id: rep.user._id, name: 'Kim Key', email: rep.user.email },
    });
    expect((await callAs(t, rep.token, 'GET', '/api/api-keys/organization')).statusCode).toBe(403);
    const theirs = await callAs(t, globex.token, 'GET', '/api/api-keys/organization');
    expect(theirs.body).not.toContain(apiKey._id);
    const revoked = await callAs(t, acme.token, 'DELETE', `/api/api-keys/${apiKey._id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await keyRow(apiKey._id)).revokedBy).toBe(acme.user._id);
    expect((await listLeads(key)).statusCode).toBe(401);
  });

  it("answers 404 for another organisation's key, another user's key, unknown or bad ids", async () => {
    const { key, apiKey } = await createKey(acme.token);
    const other = await t.createUser({ role: 'Sales Rep', organizationName: 'acme' });
    for (const [token, id] of [
      [globex.token, apiKey._id],
      [other.token, apiKey._id],
      [rep.token, apiKey._id],
      [acme.token, MISSING_ID],
      [acme.token, 'not-an-id'],
    ] as const) {
      const response = await callAs(t, token, 'DELETE', `/api/api-keys/${id}`);
      expect(response.statusCode, `${id}`).toBe(404);
      expect(response.json().message).toBe(API_KEY_NOT_FOUND);
    }
    expect((await listLeads(key)).statusCode).toBe(200);
  });

  it('never writes a key into the logs', async () => {
    const { key } = await createKey(rep.token);
    await listLeads(key);
    await listLeads(`${key}x`);
    const logged = t.logs.join('');
    expect(logged.length).toBeGreaterThan(0);
    expect(logged).not.toContain(key.slice(3));
  });
});

describe('the rate limit per key', () => {
  let limited: TestContext;
  afterAll(() => limited?.close());

  it('answers 429 with Retry-After past the limit, per key', async () => {
    limited = await createTestContext({ apiKeyLimit: { max: 5, timeWindow: 60_000 } });
    const admin = await limited.createUser({ role: 'Admin', organizationName: 'rate' });
    const make = async () => {
      const response = await limited.request({
        method: 'POST',
        url: '/api/api-keys',
        token: admin.token,
        payload: { name: 'Busy script' },
      });
      return (response.json() as ApiKeyCreated).key;
    };
    const [first, second] = [await make(), await make()];
    const call = (token: string) => limited.request({ method: 'GET', url: '/api/leads', token });
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push((await call(first)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await call(first);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/Too many requests with this API key/);
    // Another key, and the session, have their own count.
    expect((await call(second)).statusCode).toBe(200);
    for (let i = 0; i < 7; i++) expect((await call(admin.token)).statusCode).toBe(200);
  });
});
