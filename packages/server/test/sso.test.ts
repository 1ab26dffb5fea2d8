import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { SSO_CALLBACK_PATH, SSO_NOT_SET_UP, SSO_ONLY_MESSAGE } from '@leadline/shared/sso';
import { defaultPermissions } from '@leadline/shared/permissions';
import { activityLog, organizations, ssoConfigs, userSessions, users } from '../src/db/tables.ts';
import { PASSWORD, ROOT_EMAIL, createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import {
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  signInAtProvider,
  startOidcProvider,
} from './oidc-provider.ts';
import type { IdTokenTamper, OidcProvider } from './oidc-provider.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
let idp: OidcProvider;

/** The test server's PUBLIC_URL is the default one (buildApp is given none). */
let REDIRECT_URI: string;

const configFor = (domains: string[], extra: object = {}) => ({
  issuer: idp.issuer,
  clientId: OIDC_CLIENT_ID,
  clientSecret: OIDC_CLIENT_SECRET,
  domains,
  defaultRole: 'Sales Rep',
  ...extra,
});

beforeAll(async () => {
  t = await createTestContext({
    limits: {
      signin: { max: 10_000, timeWindow: 60_000 },
      signup: { max: 10_000, timeWindow: 60_000 },
      sso: { max: 10_000, timeWindow: 60_000 },
    },
  });
  acme = await adminOf(t, 'acme');
  globex = await adminOf(t, 'globex');
  REDIRECT_URI = (await t.request({ method: 'GET', url: '/api/sso', token: acme.token })).json()
    .redirectUri;
  expect(REDIRECT_URI.endsWith(SSO_CALLBACK_PATH)).toBe(true);
  idp = await startOidcProvider([REDIRECT_URI]);
  const saved = await t.request({
    method: 'POST',
    url: '/api/sso',
    token: acme.token,
    payload: configFor(['Acme.test', 'acme-corp.test']),
  });
  expect(saved.statusCode, saved.body).toBe(201);
  expect(saved.json()).toMatchObject({ hasSecret: true, redirectUri: REDIRECT_URI });
  expect(saved.body).not.toContain(OIDC_CLIENT_SECRET);
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const start = (email: string, headers: Record<string, string> = {}) =>
  t.request({
    method: 'GET',
    url: `/api/auth/sso/start?email=${encodeURIComponent(email)}`,
    headers,
  });

const cookieOf = (setCookie: string | string[] | undefined): string =>
  ([setCookie ?? []].flat()[0] ?? '').split(';')[0]!;

/** The whole protocol for `email`: Leadline's start, the provider's pages, Leadline's callback. */
const throughProvider = async (email: string, tamper?: IdTokenTamper) => {
  const started = await start(email);
  expect(started.statusCode, started.body).toBe(302);
  const back = await signInAtProvider(started.headers.location as string, email);
  expect(back.href.startsWith(REDIRECT_URI)).toBe(true);
  if (tamper) idp.tamperNextIdToken(tamper);
  const callbackUrl = `${back.pathname}${back.search}`;
  const cookie = cookieOf(started.headers['set-cookie']);
  const callback = await t.request({ method: 'GET', url: callbackUrl, headers: { cookie } });
  expect(callback.statusCode).toBe(303);
  return { location: callback.headers.location as string, callbackUrl, cookie };
};

const finish = (location: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/sso/finish',
    payload: { ticket: new URL(location, REDIRECT_URI).searchParams.get('ticket') ?? 'none' },
  });

const sessionsOf = async (email: string) => {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!user) return 0;
  return (await t.database.db.select().from(userSessions).where(eq(userSessions.userId, user.id)))
    .length;
};

describe('single sign-on configuration', () => {
  it('is saved without answering the secret, and stored sealed', async () => {
    const read = await t.request({ method: 'GET', url: '/api/sso', token: acme.token });
    expect(read.statusCode).toBe(200);
    const { config, redirectUri } = read.json();
    expect(redirectUri).toBe(REDIRECT_URI);
    expect(config).toMatchObject({
      issuer: idp.issuer,
      clientId: OIDC_CLIENT_ID,
      hasSecret: true,
      domains: ['acme-corp.test', 'acme.test'],
      defaultRole: 'Sales Rep',
      ssoOnly: false,
    });
    expect(read.body).not.toContain(OIDC_CLIENT_SECRET);
    const [row] = await t.database.db.select().from(ssoConfigs);
    expect(row!.clientSecretEncrypted).not.toContain(OIDC_CLIENT_SECRET);
    expect(t.logs.join('')).not.toContain(OIDC_CLIENT_SECRET);
  });

  it('keeps the secret when a change leaves it out, and logs each change', async () => {
    const changed = await t.request({
      method: 'PUT',
      url: '/api/sso',
      token: acme.token,
      payload: { defaultRole: 'Marketing' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ defaultRole: 'Marketing', hasSecret: true });
    expect(changed.body).not.toContain(OIDC_CLIENT_SECRET);
    const back = await t.request({
      method: 'PUT',
      url: '/api/sso',
      token: acme.token,
      payload: { defaultRole: 'Sales Rep' },
    });
    expect(back.statusCode).toBe(200);
    const entries = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.organizationId, acme.organizationId));
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['sso set up', 'sso changed']),
    );
  });

  it('is for Admins only: a Member can neither read nor change it', async () => {
    const { token } = await t.createUser({ role: 'Sales Manager', organizationName: 'acme' });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const answer = await t.request({
        method,
        url: '/api/sso',
        token,
        ...(method === 'PUT' ? { payload: { ssoOnly: true } } : {}),
      });
      expect(answer.statusCode, method).toBe(403);
    }
    const post = await t.request({
      method: 'POST',
      url: '/api/sso',
      token,
      payload: configFor(['member.test']),
    });
    expect(post.statusCode).toBe(403);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const cases: object[] = [
      configFor([]),
      configFor(['not a domain']),
      configFor(['a.test'], { issuer: 'ftp://idp.test' }),
      configFor(['a.test'], { defaultRole: 'Super Admin' }),
      configFor(['a.test'], { defaultRole: 'Admin' }),
      configFor(['a.test'], { clientSecret: '' }),
      configFor(Array.from({ length: 21 }, (_, i) => `d${i}.test`)),
      // A server that is not the issuer it is said to be.
      configFor(['a.test'], { issuer: `${idp.issuer}/other` }),
    ];
    for (const payload of cases) {
      const answer = await t.request({
        method: 'POST',
        url: '/api/sso',
        token: globex.token,
        payload,
      });
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(answer.body).not.toContain(OIDC_CLIENT_SECRET);
    }
    const read = await t.request({ method: 'GET', url: '/api/sso', token: globex.token });
    expect(read.json().config).toBeNull();
  });

  it('refuses a domain another organisation uses, naming it (409)', async () => {
    const answer = await t.request({
      method: 'POST',
      url: '/api/sso',
      token: globex.token,
      payload: configFor(['globex.test', 'acme.test']),
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toContain('acme.test');
  });

  it('answers 404 for a domain without single sign-on', async () => {
    const answer = await start('someone@nowhere.test');
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(SSO_NOT_SET_UP);
    const page = await start('someone@nowhere.test', { accept: 'text/html' });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe('/login?sso_error=none');
  });
});

describe('signing in with single sign-on', () => {
  it('sends the browser to the provider with PKCE, state, nonce and the email', async () => {
    const answer = await start('new.person@acme.test');
    expect(answer.statusCode).toBe(302);
    const url = new URL(answer.headers.location as string);
    expect(url.origin).toBe(idp.issuer);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: OIDC_CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      login_hint: 'new.person@acme.test',
    });
    expect(params.state!.length).toBeGreaterThan(30);
    expect(params.nonce!.length).toBeGreaterThan(30);
  });

  it('creates a new user just in time with the default role, and signs them in', async () => {
    const email = 'jit.person@acme.test';
    const { location } = await throughProvider(email);
    expect(location).toMatch(/^\/login\/sso\?ticket=/);
    const signedIn = await finish(location);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token, user } = signedIn.json();
    expect(user).toMatchObject({ email, role: 'Sales Rep', organization: 'acme' });
    expect(user.permissions).toEqual(defaultPermissions('Sales Rep'));
    const me = await t.request({ method: 'GET', url: '/api/auth/me', token });
    expect(me.statusCode).toBe(200);
    // The ticket is single use.
    expect((await finish(location)).statusCode).toBe(400);
    const entries = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.organizationId, acme.organizationId));
    expect(entries.some((entry) => entry.details.includes(`${email} joined as Sales Rep`))).toBe(
      true,
    );
  });

  it('links an existing member, with no two-step code even when they have one', async () => {
    const { user } = await t.createUser({
      role: 'Sales Manager',
      organizationName: 'acme',
      email: 'existing@acme.test',
    });
    await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user._id));
    const password = await t.request({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'existing@acme.test', password: PASSWORD },
    });
    expect(password.json().twoFactorRequired).toBe(true);
    const signedIn = await finish((await throughProvider('existing@acme.test')).location);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().token).toEqual(expect.any(String));
    expect(signedIn.json().user).toMatchObject({ _id: user._id, role: 'Sales Manager' });
  });

  it('does not lead an SSO session to set up two-step sign-in the organisation requires', async () => {
    const member = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      email: 'required@acme.test',
    });
    const require = (on: boolean) =>
      t.database.db
        .update(organizations)
        .set({ requireTwoFactor: on })
        .where(eq(organizations.id, acme.organizationId));
    await require(true);
    try {
      // A password session must set it up first; an SSO one goes on (its provider asked).
      const gated = await t.request({ method: 'GET', url: '/api/leads', token: member.token });
      expect(gated.statusCode).toBe(403);
      const signedIn = await finish((await throughProvider('required@acme.test')).location);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json().user.twoFactorSetupRequired).toBe(false);
      const { token } = signedIn.json();
      expect((await t.request({ method: 'GET', url: '/api/leads', token })).statusCode).toBe(200);
      const me = await t.request({ method: 'GET', url: '/api/auth/me', token });
      expect(me.json().twoFactorSetupRequired).toBe(false);
    } finally {
      await require(false);
    }
  });

  it('does not link an account whose email the provider has not verified', async () => {
    await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      email: 'unverified@acme.test',
    });
    idp.unverified.add('unverified@acme.test');
    const before = await sessionsOf('unverified@acme.test');
    const { location } = await throughProvider('unverified@acme.test');
    expect(location).toBe('/login?sso_error=unverified');
    expect(await sessionsOf('unverified@acme.test')).toBe(before);
  });

  it('refuses a deactivated member with the usual reason', async () => {
    const { user } = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      email: 'gone@acme.test',
    });
    await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user._id));
    expect((await throughProvider('gone@acme.test')).location).toBe('/login?sso_error=deactivated');
  });

  const refusedTokens: [string, IdTokenTamper][] = [
    ['a forged ID token (signed by another key)', (claims) => ({ claims, forged: true })],
    ['a wrong audience', (claims) => ({ claims: { ...claims, aud: 'someone-else' } })],
    [
      'an expired token',
      (claims) => ({
        claims: { ...claims, iat: claims.iat! - 7200, exp: Math.floor(Date.now() / 1000) - 3600 },
      }),
    ],
    ['a wrong nonce', (claims) => ({ claims: { ...claims, nonce: 'not-the-one-sent' } })],
    ['another issuer', (claims) => ({ claims: { ...claims, iss: 'https://evil.test' } })],
  ];
  for (const [what, tamper] of refusedTokens) {
    it(`refuses ${what} and makes no session`, async () => {
      const email = 'target@acme.test';
      const before = await sessionsOf(email);
      const { location } = await throughProvider(email, tamper);
      expect(location).toBe('/login?sso_error=token');
      expect(await sessionsOf(email)).toBe(before);
      const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(user).toBeUndefined();
    });
  }

  it('refuses a replayed state', async () => {
    const first = await throughProvider('replay@acme.test');
    expect(first.location).toMatch(/^\/login\/sso\?ticket=/);
    const again = await t.request({
      method: 'GET',
      url: first.callbackUrl,
      headers: { cookie: first.cookie },
    });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/login?sso_error=state');
  });

  it('refuses an answer that names another issuer (RFC 9207)', async () => {
    const started = await start('mixup@acme.test');
    const back = await signInAtProvider(started.headers.location as string, 'mixup@acme.test');
    expect(back.searchParams.get('iss')).toBe(idp.issuer);
    back.searchParams.set('iss', 'https://evil.test');
    const answer = await t.request({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: cookieOf(started.headers['set-cookie']) },
    });
    expect(answer.headers.location).toBe('/login?sso_error=provider');
  });

  it('refuses a callback from another browser (no cookie)', async () => {
    const started = await start('other.browser@acme.test');
    const back = await signInAtProvider(
      started.headers.location as string,
      'other.browser@acme.test',
    );
    const answer = await t.request({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(answer.headers.location).toBe('/login?sso_error=state');
  });

  it('refuses a user whose email belongs to another organisation, and a Super Admin', async () => {
    await t.createUser({
      role: 'Sales Rep',
      organizationName: 'globex',
      email: 'moved@acme-corp.test',
    });
    expect((await throughProvider('moved@acme-corp.test')).location).toBe(
      '/login?sso_error=organisation',
    );
    expect(await sessionsOf('moved@acme-corp.test')).toBe(1);
    const root = ROOT_EMAIL.replace('example.com', 'acme.test');
    await t.database.db.update(users).set({ email: root }).where(eq(users.email, ROOT_EMAIL));
    try {
      expect((await throughProvider(root)).location).toBe('/login?sso_error=organisation');
    } finally {
      await t.database.db.update(users).set({ email: ROOT_EMAIL }).where(eq(users.email, root));
    }
  });

  it("refuses an email of a domain another organisation's SSO covers", async () => {
    const saved = await t.request({
      method: 'POST',
      url: '/api/sso',
      token: globex.token,
      payload: configFor(['globex.test']),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    // Started for acme (its domain), the provider answers a globex address.
    const { location } = await throughProvider('someone@acme.test', (claims) => ({
      claims: { ...claims, email: 'boss@globex.test' },
    }));
    expect(location).toBe('/login?sso_error=domain');
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'boss@globex.test'));
    expect(user).toBeUndefined();
  });
});

/** Runs `run` with Acme's "SSO only" switched on, and switches it off again whatever happens. */
const withSsoOnly = async (run: () => Promise<void>) => {
  const switchTo = (ssoOnly: boolean) =>
    t.request({ method: 'PUT', url: '/api/sso', token: acme.token, payload: { ssoOnly } });
  const on = await switchTo(true);
  expect(on.statusCode, on.body).toBe(200);
  try {
    await run();
  } finally {
    await switchTo(false);
  }
};

/** A password sign-in's answer. */
const passwordSignin = (email: string) =>
  t.request({ method: 'POST', url: '/api/auth/signin', payload: { email, password: PASSWORD } });

describe('SSO only', () => {
  it('refuses passwords to members, not to a Super Admin; SSO still signs in', async () => {
    const member = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      email: 'password.user@acme.test',
    });
    await withSsoOnly(async () => {
      const signin = await passwordSignin('password.user@acme.test');
      expect(signin.statusCode).toBe(403);
      expect(signin.json().message).toBe(SSO_ONLY_MESSAGE);
      const change = await t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        token: member.token,
        payload: { currentPassword: PASSWORD, newPassword: 'another-password-123' },
      });
      expect(change.statusCode).toBe(403);
      expect(change.json().message).toBe(SSO_ONLY_MESSAGE);
      const reset = await t.request({
        method: 'POST',
        url: `/api/users/${member.user._id}/reset-password`,
        token: acme.token,
      });
      expect(reset.statusCode).toBe(403);
      expect((await passwordSignin(ROOT_EMAIL)).statusCode).toBe(200);
      const sso = await finish((await throughProvider('password.user@acme.test')).location);
      expect(sso.statusCode, sso.body).toBe(200);
    });
  });

  it('is removed with the configuration; sign-out ends the SSO session', async () => {
    const signedIn = await finish((await throughProvider('leaving@acme.test')).location);
    const { token } = signedIn.json();
    expect((await t.request({ method: 'POST', url: '/api/auth/signout', token })).statusCode).toBe(
      200,
    );
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);
    const removed = await t.request({ method: 'DELETE', url: '/api/sso', token: globex.token });
    expect(removed.statusCode).toBe(200);
    expect((await start('boss@globex.test')).statusCode).toBe(404);
  });
});

describe('audit log', () => {
  const kindsOf = async (query: string) => {
    const answer = await t.request({
      method: 'GET',
      url: `/api/audit?${query}`,
      token: acme.token,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().entries as { kind: string; actor: string; details: object }[];
  };

  it('records the set-up, its changes, SSO sign-ins, refusals and just-in-time users', async () => {
    expect((await kindsOf('kind=sso.configured')).map((entry) => entry.actor)).toEqual([
      acme.user.email,
    ]);
    expect((await kindsOf('kind=sso.changed')).length).toBeGreaterThan(0);
    const email = 'audited.newcomer@acme.test';
    expect((await finish((await throughProvider(email)).location)).statusCode).toBe(200);
    const created = (await kindsOf('kind=user.created')).find((entry) => entry.actor === email);
    expect(created?.details).toMatchObject({ by: 'single sign-on', role: 'Sales Rep' });
    expect((await kindsOf('kind=sso.signin')).some((entry) => entry.actor === email)).toBe(true);
    // A password sign-in refused because the organisation signs in with SSO only.
    await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      email: 'only.sso@acme.test',
    });
    await withSsoOnly(async () => {
      expect((await passwordSignin('only.sso@acme.test')).statusCode).toBe(403);
    });
    const failed = (await kindsOf('kind=signin.failed')).find(
      (entry) => entry.actor === 'only.sso@acme.test',
    );
    expect(failed?.details).toMatchObject({ reason: SSO_ONLY_MESSAGE });
    // Globex removed its configuration (above): the entry is Globex's, not Acme's.
    expect(await kindsOf('kind=sso.removed')).toEqual([]);
  });
});

describe('guards', () => {
  it('logged no secret, code, state or ticket of any sign-in above', () => {
    const logs = t.logs.join('');
    expect(logs).toContain('sso refused');
    expect(logs).not.toContain(OIDC_CLIENT_SECRET);
    expect(logs).not.toMatch(/code=|state=|ticket=|eyJ/);
  });

  it('refuses an http issuer unless private hosts are allowed', async () => {
    vi.stubEnv('MAIL_ALLOW_PRIVATE_HOSTS', '');
    try {
      const answer = await t.request({
        method: 'PUT',
        url: '/api/sso',
        token: acme.token,
        payload: { issuer: idp.issuer },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors.issuer).toBe('Issuer must be an https address.');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('limits sign-in starts per address (429 with Retry-After)', async () => {
    const limited = await createTestContext({
      limits: {
        signin: { max: 10_000, timeWindow: 60_000 },
        signup: { max: 10_000, timeWindow: 60_000 },
        sso: { max: 2, timeWindow: 60_000 },
      },
    });
    try {
      const go = () =>
        limited.request({ method: 'GET', url: '/api/auth/sso/start?email=a%40nowhere.test' });
      expect((await go()).statusCode).toBe(404);
      expect((await go()).statusCode).toBe(404);
      const third = await go();
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
