import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuditEntry, AuditKind, AuditList } from '@leadline/shared/audit';
import { AUDIT_KINDS, UNKNOWN_ACCOUNT } from '@leadline/shared/audit';
import { EVENT_TYPES } from '@leadline/shared/events';
import { secretOfUri } from '@leadline/shared/two-factor';
import { base32Decode, totpAt } from '@leadline/shared/totp';
import { auditRetentionTick } from '../src/modules/audit/jobs.ts';
import type { SystemMessage } from '../src/modules/system-mail/mailer.ts';
import { rowsOf } from '../src/db/rows.ts';
import { PASSWORD, ROOT_EMAIL, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, createClockedContext, createLead } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import { startWebhookReceiver } from './webhook-receiver.ts';
import { waitFor } from './wait.ts';

/**
 * The audit log: every kind recorded by its real action through the API (with who, the address
 * and the device), the list's filters and pages, organisation scope, the database refusing
 * edits, retention, the CSV export, and no audit entry ever reaching a webhook.
 */
let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
const mails: SystemMessage[] = [];
let clock = Date.UTC(2026, 10, 1, 12, 0, 0);
const STEP = 30_000;
const DEVICE = 'AuditTest/1.0 (Test device)';

beforeAll(async () => {
  t = await createClockedContext(() => clock, mails);
  acme = await adminOf(t, 'acme-audit');
  globex = await adminOf(t, 'globex-audit');
}, 120_000);
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  token: string | undefined,
  method: Method,
  url: string,
  payload?: object,
  device = DEVICE,
) =>
  t.request({
    method,
    url,
    token,
    headers: { 'user-agent': device },
    ...(payload ? { payload } : {}),
  });

const ok = async (token: string | undefined, method: Method, url: string, payload?: object) => {
  const response = await call(token, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
};

const audit = async (token: string, query = ''): Promise<AuditList> => {
  const response = await call(token, 'GET', `/api/audit${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** The newest entry of that kind the token's caller sees. */
const latest = async (token: string, kind: AuditKind, query = ''): Promise<AuditEntry> => {
  const { entries } = await audit(token, `kind=${kind}&limit=1${query ? `&${query}` : ''}`);
  expect(entries, `no ${kind} entry`).toHaveLength(1);
  return entries[0]!;
};

/** The entry came from the test's request: its address and device. */
const fromHere = (entry: AuditEntry, actor: string) =>
  expect(entry).toMatchObject({ actor, ip: '127.0.0.1', device: DEVICE });

const member = (role = 'Sales Rep', organizationName = 'acme-audit') =>
  t.createUser({ role: role as never, organizationName });

describe('audit log: sign-in', () => {
  it('records sign-ins, failures (the account’s organisation, or none) and sign-outs', async () => {
    const { user } = await member();
    const signedIn = await ok(undefined, 'POST', '/api/auth/signin', {
      email: user.email,
      password: PASSWORD,
    });
    const token = signedIn.json().token as string;
    const entry = await latest(acme.token, 'signin');
    fromHere(entry, user.email);
    expect(entry.actorId).toBe(user._id);
    expect(entry).toEqual({
      id: expect.any(String),
      kind: 'signin',
      actor: user.email,
      actorId: user._id,
      organizationId: acme.organizationId,
      at: expect.any(String),
      ip: '127.0.0.1',
      device: DEVICE,
      details: {},
    });

    const wrong = await call(undefined, 'POST', '/api/auth/signin', {
      email: user.email,
      password: 'not-the-password-1',
    });
    expect(wrong.statusCode).toBe(401);
    const failed = await latest(acme.token, 'signin.failed');
    fromHere(failed, user.email);
    expect(failed.details).toEqual({ reason: 'wrong password' });
    expect(JSON.stringify(failed)).not.toContain('not-the-password-1');

    // A mistyped email that is no account: neither kept nor shown to an organisation.
    const stranger = 'typo-of-someone@example.com';
    const unknown = await call(undefined, 'POST', '/api/auth/signin', {
      email: stranger,
      password: 'whatever-typed-9',
    });
    expect(unknown.statusCode).toBe(401);
    const seen = await latest(await t.rootToken(), 'signin.failed');
    expect(seen).toMatchObject({
      actor: UNKNOWN_ACCOUNT,
      actorId: null,
      organizationId: null,
      details: { reason: UNKNOWN_ACCOUNT },
    });
    const stored = rowsOf(await t.database.db.execute(sql`SELECT * FROM audit_entries`));
    expect(JSON.stringify(stored)).not.toContain(stranger);
    expect(JSON.stringify(stored)).not.toContain('whatever-typed-9');
    expect(
      (await audit(acme.token, 'kind=signin.failed')).entries.map((e) => e.actor),
    ).not.toContain(UNKNOWN_ACCOUNT);

    await ok(token, 'POST', '/api/auth/signout');
    const out = await latest(acme.token, 'signout');
    fromHere(out, user.email);
    expect(out.details).toEqual({ everywhere: false });
    const again = await t.signin(user.email);
    await ok(again, 'POST', '/api/auth/signout', { everywhere: true });
    expect((await latest(acme.token, 'signout')).details).toEqual({
      everywhere: true,
      apiKeysRevoked: 0,
    });
  });
});

describe('audit log: two-step sign-in', () => {
  const codeFor = (secret: string) => totpAt(base32Decode(secret), clock);

  it('records 2FA set up, a recovery code used, a wrong code, an Admin’s reset and turning off', async () => {
    const { user, token } = await member();
    const setup = await ok(token, 'POST', '/api/auth/2fa/setup');
    const secret = secretOfUri(setup.json().otpauthUri)!;
    const enabled = await ok(token, 'POST', '/api/auth/2fa/enable', { code: codeFor(secret) });
    clock += STEP;
    const recovery: string[] = enabled.json().recoveryCodes;
    fromHere(await latest(acme.token, '2fa.enabled'), user.email);
    expect(JSON.stringify(await audit(acme.token))).not.toContain(secret);

    const challenge = async () =>
      (
        await ok(undefined, 'POST', '/api/auth/signin', { email: user.email, password: PASSWORD })
      ).json().challenge as string;
    const refused = await call(undefined, 'POST', '/api/auth/2fa/verify', {
      challenge: await challenge(),
      code: '000000',
    });
    expect(refused.statusCode).toBe(401);
    expect((await latest(acme.token, 'signin.failed')).details).toEqual({ reason: 'wrong code' });

    await ok(undefined, 'POST', '/api/auth/2fa/verify', {
      challenge: await challenge(),
      code: recovery[0],
    });
    fromHere(await latest(acme.token, '2fa.recovery_used'), user.email);
    expect((await latest(acme.token, 'signin')).details).toEqual({ twoStep: true });
    expect(JSON.stringify(await audit(acme.token))).not.toContain(recovery[0]);

    await ok(acme.token, 'DELETE', `/api/users/${user._id}/2fa`);
    const reset = await latest(acme.token, '2fa.reset');
    fromHere(reset, acme.user.email);
    expect(reset.details).toEqual({ userId: user._id, email: user.email });

    const second = await member();
    const again = await ok(second.token, 'POST', '/api/auth/2fa/setup');
    await ok(second.token, 'POST', '/api/auth/2fa/enable', {
      code: codeFor(secretOfUri(again.json().otpauthUri)!),
    });
    clock += STEP;
    await ok(second.token, 'DELETE', '/api/auth/2fa', { password: PASSWORD });
    const off = await latest(acme.token, '2fa.disabled');
    fromHere(off, second.user.email);
    expect(off.details).toEqual({ proof: 'password' });
  });
});

describe('audit log: passwords and accounts', () => {
  it('records a password changed, reset by an Admin and reset by link', async () => {
    const { user, token } = await member();
    await ok(token, 'POST', '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'another-horse-battery-9',
    });
    fromHere(await latest(acme.token, 'password.changed'), user.email);

    const reset = await ok(acme.token, 'POST', `/api/users/${user._id}/reset-password`);
    const byAdmin = await latest(acme.token, 'password.reset');
    fromHere(byAdmin, acme.user.email);
    expect(byAdmin.details).toEqual({
      userId: user._id,
      email: user.email,
      by: 'administrator',
      apiKeysRevoked: 0,
    });
    expect(JSON.stringify(byAdmin)).not.toContain(reset.json().temporaryPassword);

    const other = await member();
    await ok(undefined, 'POST', '/api/auth/forgot', { email: other.user.email });
    const link = await waitFor(
      async () => mails.find((mail) => mail.to === other.user.email)?.text ?? '',
      (text) => text.includes('#token='),
      5_000,
      20,
    );
    const resetToken = /#token=([0-9a-f]+)/.exec(link)![1]!;
    await ok(undefined, 'POST', '/api/auth/reset', {
      token: resetToken,
      password: 'third-horse-battery-77',
    });
    const byLink = await latest(acme.token, 'password.reset');
    fromHere(byLink, other.user.email);
    expect(byLink.details).toEqual({ by: 'link', apiKeysRevoked: 0 });
    expect(JSON.stringify(await audit(acme.token))).not.toContain(resetToken);
  });

  it('records users created, approved, deactivated and deleted, and role and permission changes', async () => {
    const email = uniqueEmail('created');
    const created = await ok(acme.token, 'POST', '/api/auth/signup', {
      name: 'New Member',
      email,
      password: PASSWORD,
      role: 'Sales Rep',
    });
    const id = created.json().user._id as string;
    const made = await latest(acme.token, 'user.created');
    fromHere(made, acme.user.email);
    expect(made.details).toEqual({ userId: id, email, role: 'Sales Rep' });
    expect(JSON.stringify(made)).not.toContain(PASSWORD);

    await ok(acme.token, 'PUT', `/api/users/${id}/role`, { role: 'Sales Manager' });
    const role = await latest(acme.token, 'role.changed');
    fromHere(role, acme.user.email);
    expect(role.details).toEqual({ userId: id, email, from: 'Sales Rep', to: 'Sales Manager' });

    await ok(acme.token, 'PUT', `/api/users/${id}/permissions`, {
      permissions: { inbox: false, campaigns: false, calendar: false, emailForm: true },
    });
    const permissions = await latest(acme.token, 'permissions.changed');
    fromHere(permissions, acme.user.email);
    expect(permissions.details).toMatchObject({ userId: id, granted: ['emailForm'] });
    expect(permissions.details.removed).toEqual(expect.arrayContaining(['calendar', 'inbox']));

    await ok(acme.token, 'POST', `/api/users/${id}/deactivate`);
    fromHere(await latest(acme.token, 'user.deactivated'), acme.user.email);
    expect((await latest(acme.token, 'user.deactivated')).details).toEqual({ userId: id, email });

    await ok(acme.token, 'DELETE', `/api/users/${id}`);
    const deleted = await latest(acme.token, 'user.deleted');
    fromHere(deleted, acme.user.email);
    expect(deleted.details).toMatchObject({ userId: id, email, role: 'Sales Manager' });
    // The entries of a deleted user stay, under the email they had.
    expect((await audit(acme.token, `userId=${id}`)).entries).toEqual([]);
    expect((await audit(acme.token, 'kind=user.created')).entries[0]!.details.userId).toBe(id);

    // Sign-up (by the new user) and approval (by a Super Admin).
    const applicant = uniqueEmail('applicant');
    await ok(undefined, 'POST', '/api/auth/signup', {
      name: 'Applicant',
      email: applicant,
      password: PASSWORD,
      role: 'Sales Rep',
      organizationName: 'acme-audit',
    });
    const signedUp = await latest(acme.token, 'user.created');
    fromHere(signedUp, applicant);
    expect(signedUp.details).toMatchObject({ email: applicant, by: 'sign-up' });
    const root = await t.rootToken();
    const pending = (await ok(root, 'GET', '/api/auth/pending')).json() as {
      _id: string;
      email: string;
    }[];
    const pendingId = pending.find((user) => user.email === applicant)!._id;
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await ok(root, 'PUT', `/api/users/approve/${pendingId}`, { expiresAt });
    const approved = await latest(acme.token, 'user.approved');
    fromHere(approved, ROOT_EMAIL);
    expect(approved.details).toMatchObject({ userId: pendingId, email: applicant });
  });
});

describe('audit log: keys, webhooks, Automation, exports', () => {
  it('records API keys created and revoked, never the key', async () => {
    const made = await ok(acme.token, 'POST', '/api/api-keys', { name: 'Audit key' });
    const { key, apiKey } = made.json() as { key: string; apiKey: { _id: string } };
    const created = await latest(acme.token, 'apikey.created');
    fromHere(created, acme.user.email);
    expect(created.details).toMatchObject({ apiKeyId: apiKey._id, name: 'Audit key' });
    await ok(acme.token, 'DELETE', `/api/api-keys/${apiKey._id}`);
    fromHere(await latest(acme.token, 'apikey.revoked'), acme.user.email);
    expect(JSON.stringify(await audit(acme.token))).not.toContain(key);
  });

  it('records webhooks and Automation rules created, changed and deleted', async () => {
    const hook = await ok(acme.token, 'POST', '/api/webhooks', {
      url: 'http://127.0.0.1:9/private/token-in-path',
      events: ['lead.created'],
    });
    const { webhook, secret } = hook.json() as { webhook: { _id: string }; secret: string };
    const created = await latest(acme.token, 'webhook.created');
    fromHere(created, acme.user.email);
    expect(created.details).toEqual({
      webhookId: webhook._id,
      host: '127.0.0.1:9',
      events: ['lead.created'],
    });
    await ok(acme.token, 'PUT', `/api/webhooks/${webhook._id}`, { active: false });
    expect((await latest(acme.token, 'webhook.changed')).details).toMatchObject({
      change: 'switched off',
    });
    await ok(acme.token, 'DELETE', `/api/webhooks/${webhook._id}`);
    fromHere(await latest(acme.token, 'webhook.deleted'), acme.user.email);
    const all = JSON.stringify(await audit(acme.token));
    expect(all).not.toContain(secret);
    expect(all).not.toContain('token-in-path');

    const rule = await ok(acme.token, 'POST', '/api/automations', {
      name: 'Audit rule',
      trigger: 'lead.created',
      actions: [{ type: 'notify_owner' }],
    });
    const ruleId = rule.json().automation._id as string;
    const made = await latest(acme.token, 'automation.created');
    fromHere(made, acme.user.email);
    expect(made.details).toMatchObject({ automationId: ruleId, name: 'Audit rule' });
    await ok(acme.token, 'PUT', `/api/automations/${ruleId}`, { name: 'Audit rule 2' });
    expect((await latest(acme.token, 'automation.changed')).details).toEqual({
      automationId: ruleId,
      name: 'Audit rule 2',
      fields: ['name'],
    });
    await ok(acme.token, 'DELETE', `/api/automations/${ruleId}`);
    fromHere(await latest(acme.token, 'automation.deleted'), acme.user.email);
  });

  it('records exports downloaded: leads, a report, the audit log', async () => {
    await ok(acme.token, 'GET', '/api/leads/download');
    const leads = await latest(acme.token, 'export.downloaded');
    fromHere(leads, acme.user.email);
    expect(leads.details).toEqual({ what: 'leads', format: 'xlsx' });
    await ok(acme.token, 'GET', '/api/reports/export?section=emails');
    expect((await latest(acme.token, 'export.downloaded')).details).toMatchObject({
      what: 'report',
      section: 'emails',
    });
    await ok(acme.token, 'GET', '/api/audit/export?kind=signin');
    expect((await latest(acme.token, 'export.downloaded')).details).toEqual({
      what: 'audit log',
      kind: 'signin',
    });
  });
});

describe('audit log: reading it', () => {
  it('filters by kind, user and period, and pages newest first without gaps', async () => {
    const { user, token } = await member();
    for (let n = 0; n < 3; n += 1) await ok(token, 'POST', '/api/api-keys', { name: `k${n}` });
    const mine = await audit(acme.token, `userId=${user._id}`);
    expect(mine.entries.map((entry) => entry.kind)).toEqual([
      'apikey.created',
      'apikey.created',
      'apikey.created',
      'signin',
    ]);
    expect(mine.entries.every((entry) => entry.actorId === user._id)).toBe(true);
    const keys = await audit(acme.token, `userId=${user._id}&kind=apikey.created`);
    expect(keys.entries).toHaveLength(3);

    const now = Date.now();
    const past = new Date(now - 3_600_000).toISOString();
    const future = new Date(now + 3_600_000).toISOString();
    expect((await audit(acme.token, `userId=${user._id}&from=${past}`)).entries).toHaveLength(4);
    expect((await audit(acme.token, `userId=${user._id}&from=${future}`)).entries).toHaveLength(0);
    expect((await audit(acme.token, `userId=${user._id}&to=${past}`)).entries).toHaveLength(0);
    const today = new Date(now).toISOString().slice(0, 10);
    expect(
      (await audit(acme.token, `userId=${user._id}&from=${today}&to=${today}`)).entries,
    ).toHaveLength(4);

    const whole = await audit(acme.token, 'limit=200');
    const seen: AuditEntry[] = [];
    let cursor: string | null = null;
    do {
      const page: AuditList = await audit(
        acme.token,
        `limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.entries.length).toBeLessThanOrEqual(3);
      seen.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((entry) => entry.id)).toEqual(whole.entries.map((entry) => entry.id));
    const times = seen.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of [
      'kind=audit.everything',
      'userId=42',
      'from=yesterday',
      'from=2026-03-01T10:00',
      'to=2026-02-30',
      'from=2026-03-02&to=2026-03-01',
      'limit=0',
      'limit=500',
      'cursor=nope',
      'organizationId=x',
    ]) {
      const response = await call(acme.token, 'GET', `/api/audit?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBeTruthy();
    }
    expect((await call(acme.token, 'GET', '/api/audit/export?kind=nope')).statusCode).toBe(400);
  });

  it('keeps each organisation to its own: Admins their own, members 403, Super Admins all', async () => {
    const theirs = await audit(globex.token, 'limit=200');
    expect(theirs.entries.length).toBeGreaterThan(0);
    expect(theirs.entries.every((entry) => entry.organizationId === globex.organizationId)).toBe(
      true,
    );
    const ours = await audit(acme.token, 'limit=200');
    expect(ours.entries.every((entry) => entry.organizationId === acme.organizationId)).toBe(true);
    const ourIds = new Set(ours.entries.map((entry) => entry.id));
    expect(theirs.entries.some((entry) => ourIds.has(entry.id))).toBe(false);
    // Another organisation by its id, a user of it, its entries as a cursor: nothing of theirs.
    const asked = await call(
      acme.token,
      'GET',
      `/api/audit?organizationId=${globex.organizationId}`,
    );
    expect(asked.statusCode).toBe(403);
    expect((await audit(acme.token, `userId=${globex.user._id}`)).entries).toEqual([]);
    expect(
      (await call(acme.token, 'GET', `/api/audit/export?organizationId=${globex.organizationId}`))
        .statusCode,
    ).toBe(403);

    const { token: rep } = await member('Sales Manager');
    for (const url of ['/api/audit', '/api/audit/export']) {
      expect((await call(rep, 'GET', url)).statusCode).toBe(403);
    }
    expect((await call(undefined, 'GET', '/api/audit')).statusCode).toBe(401);

    const root = await t.rootToken();
    const everything = await audit(root, 'limit=200');
    const orgs = new Set(everything.entries.map((entry) => entry.organizationId));
    expect(orgs).toEqual(new Set([acme.organizationId, globex.organizationId, null]));
    const onlyGlobex = await audit(root, `organizationId=${globex.organizationId}&limit=200`);
    expect(onlyGlobex.entries.map((entry) => entry.id)).toEqual(
      theirs.entries.map((entry) => entry.id),
    );
  });

  it('exports the filtered entries as CSV, formula-safe, and every kind has a label', async () => {
    const { user } = await member();
    const signin = await call(
      undefined,
      'POST',
      '/api/auth/signin',
      { email: user.email, password: PASSWORD },
      '=HYPERLINK("http://evil.example","x"), "quoted"',
    );
    expect(signin.statusCode).toBe(200);
    const response = await call(acme.token, 'GET', `/api/audit/export?userId=${user._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('When,Kind,What,Who,IP address,Device,Details,Organisation ID');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z,/);
    expect(lines[1]).toContain(
      `,signin,Signed in,${user.email},127.0.0.1,"'=HYPERLINK(""http://evil.example"",""x""), ""quoted""",{},${acme.organizationId}`,
    );
    expect(lines[2]).toContain(`,signin,Signed in,${user.email},127.0.0.1,lightMyRequest,{},`);
    expect(AUDIT_KINDS).toHaveLength(29);
  });
});

describe('audit log: kept as written', () => {
  it('refuses UPDATE and DELETE of entries in the database', async () => {
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const error = (await t.database.db.execute(statement).catch((e: unknown) => e)) as Error;
      return String((error.cause as Error | undefined)?.message ?? error.message);
    };
    const count = async () =>
      rowsOf<{ n: number }>(
        await t.database.db.execute(sql`SELECT count(*)::int AS n FROM audit_entries`),
      )[0]!.n;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    expect(await refusal(sql`UPDATE audit_entries SET actor_label = 'someone else'`)).toMatch(
      /audit entries cannot be changed or deleted/,
    );
    expect(await refusal(sql`DELETE FROM audit_entries`)).toMatch(
      /audit entries cannot be changed or deleted/,
    );
    expect(await count()).toBe(before);
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/audit.*\((PUT|PATCH|DELETE|POST)/);
  });

  it('the retention job deletes only entries older than the days kept', async () => {
    const before = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`SELECT count(*)::int AS n FROM audit_entries`),
    )[0]!.n;
    await t.database.db.execute(sql`
      INSERT INTO audit_entries (organization_id, actor_label, kind, at)
      VALUES (${acme.organizationId}, 'old@example.com', 'signin', now() - interval '400 days'),
             (${acme.organizationId}, 'kept@example.com', 'signin', now() - interval '300 days')`);
    await auditRetentionTick(t.database.db, 365).run();
    const left = rowsOf<{ actor_label: string }>(
      await t.database.db.execute(sql`SELECT actor_label FROM audit_entries`),
    ).map((row) => row.actor_label);
    expect(left).toContain('kept@example.com');
    expect(left).not.toContain('old@example.com');
    expect(left).toHaveLength(before + 1);
  });
});

describe('audit log: not events', () => {
  it('no audit entry reaches a webhook subscribed to every event', async () => {
    expect(EVENT_TYPES.some((type) => type.startsWith('audit'))).toBe(false);
    const receiver = await startWebhookReceiver();
    try {
      const admin = await adminOf(t, 'hooked-audit');
      const hook = await ok(admin.token, 'POST', '/api/webhooks', {
        url: receiver.url,
        events: [...EVENT_TYPES],
      });
      receiver.secret = hook.json().secret;
      // Audited actions, then one event: once the event arrives, the audited ones had their turn.
      await ok(admin.token, 'POST', '/api/api-keys', { name: 'Hooked key' });
      await call(undefined, 'POST', '/api/auth/signin', {
        email: admin.user.email,
        password: 'wrong-password-00',
      });
      const lead = await createLead(t, admin.token);
      await waitFor(
        async () => receiver.receptions,
        (list) => list.some((reception) => reception.subjectId === lead._id),
        30_000,
        50,
      );
      expect(receiver.receptions.map((reception) => reception.type)).toEqual(['lead.created']);
      const types = rowsOf<{ type: string }>(
        await t.database.db.execute(sql`SELECT DISTINCT type FROM events`),
      ).map((row) => row.type);
      expect(types.some((type) => type.startsWith('audit') || type.includes('signin'))).toBe(false);
    } finally {
      await receiver.stop();
    }
  });
});
