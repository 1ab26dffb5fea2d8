import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../src/db/schema.ts';
import { PASSWORD, ROOT_EMAIL, createTestContext, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import { signedUp, signup } from './fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('first administrator', () => {
  it('is offered only while no Super Admin exists', async () => {
    const fresh = await createTestContext({ withRoot: false });
    try {
      expect((await fresh.request({ method: 'GET', url: '/api/auth/setup' })).json()).toEqual({
        needsFirstAdmin: true,
      });
      const bad = await fresh.request({
        method: 'POST',
        url: '/api/auth/setup',
        payload: { name: '', email: 'x', password: '1', organizationName: '  ' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toMatchObject({
        name: 'Name is required',
        email: 'Please enter a valid email address',
        organizationName: 'Company name is required',
      });
      const created = await fresh.request({
        method: 'POST',
        url: '/api/auth/setup',
        payload: {
          name: 'First',
          email: 'First@Example.com',
          password: PASSWORD,
          organizationName: 'Acme Corp',
        },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().user).toMatchObject({
        role: 'Super Admin',
        email: 'first@example.com',
        organization: null,
        isOrgUser: false,
      });
      expect(created.json().token).toEqual(expect.any(String));
      expect((await fresh.request({ method: 'GET', url: '/api/auth/setup' })).json()).toEqual({
        needsFirstAdmin: false,
      });
      const again = await fresh.request({
        method: 'POST',
        url: '/api/auth/setup',
        payload: {
          name: 'Second',
          email: 'second@example.com',
          password: PASSWORD,
          organizationName: 'Other',
        },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('An administrator already exists');
    } finally {
      await fresh.close();
    }
  });
});

describe('POST /api/auth/signin', () => {
  it('answers a token and the user, never the password hash', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'ROOT@example.com', password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({
      name: 'Root',
      email: ROOT_EMAIL,
      role: 'Super Admin',
      isOrgUser: false,
      organization: null,
    });
    expect(body.user.permissions.dashboard).toBe(true);
    expect(response.body).not.toContain('argon2');
    expect(response.body).not.toContain('passwordHash');
  });

  it('refuses wrong credentials with 401', async () => {
    for (const payload of [
      { email: ROOT_EMAIL, password: 'wrong-password' },
      { email: 'nobody@example.com', password: PASSWORD },
    ]) {
      const response = await t.request({ method: 'POST', url: '/api/auth/signin', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid email or password' });
    }
  });

  it('answers bad input with 400 and a message', async () => {
    const cases = [
      undefined,
      'not json',
      { email: 42, password: [] },
      { email: 'a'.repeat(10_000) + '@x.com', password: 'x' },
      [],
    ];
    for (const payload of cases) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/signin',
        payload: payload as never,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it('keeps passwords and tokens out of the logs', async () => {
    const token = await t.signin(ROOT_EMAIL);
    await t.request({ method: 'GET', url: '/api/auth/me', token });
    const text = t.logs.join('');
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(token);
  });
});

describe('rate limits', () => {
  it('answers 429 to a brute force on sign-in and on sign-up', async () => {
    const limited = await createTestContext({
      limits: { signin: { max: 3, timeWindow: 60_000 }, signup: { max: 2, timeWindow: 60_000 } },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await limited.request({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { email: ROOT_EMAIL, password: `guess-${i}` },
        });
        codes.push(r.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      // Another account from the same address is not locked out.
      const other = await limited.request({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: 'other@example.com', password: 'x' },
      });
      expect(other.statusCode).toBe(401);
      const signups: number[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await signup(limited, undefined, {
          name: 'N',
          email: uniqueEmail('limit'),
          organizationName: 'acme',
        });
        signups.push(r.statusCode);
      }
      expect(signups).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('self-registration', () => {
  it('creates a pending user who cannot sign in until approved', async () => {
    const email = uniqueEmail('pending');
    const user = await signedUp(t, undefined, {
      name: 'Pat Pending',
      email,
      organizationName: '  Pending Org  ',
    });
    expect(user).toMatchObject({
      status: 'pending',
      organization: 'pending-org',
      isActive: false,
    });
    const signin = await t.request({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: PASSWORD },
    });
    expect(signin.statusCode).toBe(403);
    expect(signin.json().message).toBe('Your account is pending approval');
  });

  it('can never create a Super Admin or an Admin, and ignores requested permissions', async () => {
    for (const role of ['Super Admin', 'Admin']) {
      const response = await signup(t, undefined, {
        name: 'Eve',
        email: uniqueEmail('eve'),
        role,
        organizationName: 'acme',
      });
      expect(response.statusCode).toBe(403);
    }
    const sneaky = await signedUp(t, undefined, {
      name: 'Eve',
      email: uniqueEmail('eve'),
      organizationName: 'acme',
      permissions: { teams: true, createUser: true },
    });
    expect(sneaky.permissions).toMatchObject({
      teams: false,
      createUser: false,
      leadsTable: true,
    });
  });

  it('validates the body, and answers a taken email as a new one (issue 24)', async () => {
    const missingOrg = await signup(t, undefined, {});
    expect(missingOrg.statusCode).toBe(400);
    expect(missingOrg.json().message).toBe(
      'Organization name is required for non-Super Admin roles',
    );
    const shortPassword = await signup(t, undefined, {
      password: 'short',
      organizationName: 'acme',
    });
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json().errors.password).toBe('Password must be at least 8 characters');
    const badRole = await signup(t, undefined, { role: 'Emperor', organizationName: 'acme' });
    expect(badRole.statusCode).toBe(400);
    const huge = await signup(t, undefined, { name: 'x'.repeat(5000), organizationName: 'acme' });
    expect(huge.statusCode).toBe(400);
    const taken = await signup(t, undefined, {
      email: ROOT_EMAIL.toUpperCase(),
      organizationName: 'acme',
    });
    const fresh = await signup(t, undefined, {
      email: uniqueEmail('fresh'),
      organizationName: 'acme',
    });
    // The same status and body: a stranger cannot tell which addresses are registered.
    expect(fresh.statusCode).toBe(201);
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect(Object.keys(fresh.json())).toEqual(['message']);
    // Nothing was made or changed for the registered address: the Super Admin stays one.
    const rows = await t.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, ROOT_EMAIL.toLowerCase()));
    expect(rows).toEqual([{ role: 'Super Admin' }]);
    expect((await t.signin(ROOT_EMAIL)).length).toBeGreaterThan(0);
  });
});

describe('GET /api/auth/me', () => {
  it('answers the signed-in user', async () => {
    const { user, token } = await t.createUser({ role: 'Marketing', department: 'Growth' });
    const me = await t.request({ method: 'GET', url: '/api/auth/me', token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      _id: user._id,
      role: 'Marketing',
      department: 'Growth',
      organization: 'acme',
      isOrgUser: true,
    });
  });

  it('answers 401 without a valid token', async () => {
    const token = await t.rootToken();
    for (const authorization of [
      undefined,
      'Bearer nonsense',
      `Basic ${token}`,
      `Bearer ${token.slice(0, -2)}xx`,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it('refuses an account on the very next request after it expires or disappears', async () => {
    const { user, token } = await t.createUser({ role: 'Sales Rep' });
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(200);
    await t.database.db.execute(
      sql`UPDATE users SET expires_at = now() - interval '1 second' WHERE id = ${user._id}`,
    );
    const expired = await t.request({ method: 'GET', url: '/api/auth/me', token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your account has expired');
    const signin = await t.request({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(signin.statusCode).toBe(403);
    expect(signin.json().message).toBe('Your account has expired');
    await t.database.db.execute(sql`DELETE FROM users WHERE id = ${user._id}`);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);
  });
});
