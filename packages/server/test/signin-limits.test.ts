import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import { passwordQueue } from '../src/lib/passwords.ts';
import type { TrustProxy } from '../src/lib/trust-proxy.ts';
import type { AuthLimits } from '../src/modules/auth/routes.ts';
import { HSTS } from '../src/plugins/security-headers.ts';
import { PASSWORD, ROOT_EMAIL, createTestContext, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import { signup } from './fixtures.ts';

const MINUTE = 60_000;
let contexts: TestContext[] = [];
afterEach(async () => {
  for (const context of contexts) await context.close();
  contexts = [];
});

/** A test server whose limits run on a clock the test moves. */
const limitedServer = async (limits: Partial<AuthLimits>, trustProxy?: TrustProxy) => {
  const clock = { now: 1_000_000_000 };
  const t = await createTestContext({
    limits: {
      signin: { max: 10_000, timeWindow: 15 * MINUTE },
      signup: { max: 10_000, timeWindow: 60 * MINUTE },
      now: () => clock.now,
      ...limits,
    },
    trustProxy,
  });
  contexts.push(t);
  return { t, clock };
};

let spoofed = 0;
/** A new X-Forwarded-For on every call, as a client dodging a per-address limit would send. */
const rotatingForwardedFor = () => ({ 'x-forwarded-for': `198.51.100.${++spoofed % 250}` });

const signinAs = (
  t: TestContext,
  email: string,
  password: string,
  options: Partial<InjectOptions> = {},
) =>
  t.request({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
    headers: rotatingForwardedFor(),
    ...options,
  });

describe('sign-in limit per account', () => {
  it('holds against rotating X-Forwarded-For and other addresses, with doubling delays', async () => {
    const { t, clock } = await limitedServer({
      signin: { max: 5, timeWindow: 15 * MINUTE },
      signinDelays: { first: 1000, cap: 4000 },
    });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await signinAs(t, ROOT_EMAIL, `guess-${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401]);

    // The fifth failure started a 1 s delay: every try is refused, the right password too,
    // from any address (spoofed or real).
    for (const remoteAddress of ['127.0.0.1', '192.0.2.44', '2001:db8::7']) {
      const refused = await signinAs(t, ROOT_EMAIL, PASSWORD, { remoteAddress });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.json().message).toBe(
        'Too many failed sign-ins for this account. Try again in 1 second.',
      );
      expect(refused.body).not.toContain('token');
    }
    // Refused tries do not lengthen the delay; failures after it double it, up to the cap.
    const retryAfter: string[] = [];
    for (const wait of [1000, 2000, 4000, 4000]) {
      clock.now += wait;
      expect((await signinAs(t, ROOT_EMAIL, 'wrong')).statusCode).toBe(401);
      retryAfter.push(String((await signinAs(t, ROOT_EMAIL, 'wrong')).headers['retry-after']));
    }
    expect(retryAfter).toEqual(['2', '4', '4', '4']);

    // Once the delay has passed, the right password signs in, and the count starts again.
    clock.now += 4000;
    const signedIn = await signinAs(t, ROOT_EMAIL, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token).toEqual(expect.any(String));
    expect((await signinAs(t, ROOT_EMAIL, 'wrong')).statusCode).toBe(401);
    expect((await signinAs(t, ROOT_EMAIL, PASSWORD)).statusCode).toBe(200);
  });

  it('lets no more than the limit through when the tries arrive all at once', async () => {
    const { t, clock } = await limitedServer({ signin: { max: 5, timeWindow: 15 * MINUTE } });
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signinAs(t, ROOT_EMAIL, `parallel-${i}`)),
    );
    const codes = burst.map((response) => response.statusCode).sort();
    expect(codes).toEqual([...Array<number>(5).fill(401), ...Array<number>(15).fill(429)]);
    // After the delay the right password signs in; below the limit, a right password and a
    // wrong one at once each get their own answer.
    clock.now += MINUTE;
    expect((await signinAs(t, ROOT_EMAIL, PASSWORD)).statusCode).toBe(200);
    const mixed = await Promise.all([
      signinAs(t, ROOT_EMAIL, PASSWORD),
      signinAs(t, ROOT_EMAIL, 'wrong'),
    ]);
    expect(mixed.map((response) => response.statusCode)).toEqual([200, 401]);
  });

  it('counts an account by its email in any case, and leaves the other accounts alone', async () => {
    const { t } = await limitedServer({ signin: { max: 2, timeWindow: 15 * MINUTE } });
    const { user } = await t.createUser({ role: 'Sales Rep' });
    expect((await signinAs(t, user.email.toUpperCase(), 'x')).statusCode).toBe(401);
    expect((await signinAs(t, ` ${user.email}`, 'x')).statusCode).toBe(401);
    expect((await signinAs(t, user.email, PASSWORD)).statusCode).toBe(429);
    expect((await signinAs(t, ROOT_EMAIL, PASSWORD)).statusCode).toBe(200);
  });
});

describe('sign-in limit per address', () => {
  it('stops one address trying many accounts, whatever X-Forwarded-For says', async () => {
    const { t, clock } = await limitedServer({
      signinPerAddress: { max: 4, timeWindow: 15 * MINUTE },
    });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push((await signinAs(t, uniqueEmail('sprayed'), 'Summer2026!')).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
    const refused = await signinAs(t, ROOT_EMAIL, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(15 * 60));
    expect(refused.json().message).toBe(
      'Too many failed sign-ins from your address. Try again in 15 minutes.',
    );
    // A machine rotating through its IPv6 /64 counts as one address.
    const sixes: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const remoteAddress = `2001:db8:7:7::${i.toString(16)}`;
      sixes.push((await signinAs(t, uniqueEmail('six'), 'x', { remoteAddress })).statusCode);
    }
    expect(sixes).toEqual([401, 401, 401, 401, 429]);
    // Another machine is not held up.
    expect(
      (await signinAs(t, ROOT_EMAIL, PASSWORD, { remoteAddress: '192.0.2.80' })).statusCode,
    ).toBe(200);
    // A success does not reset the address's count; the window passing does.
    clock.now += 15 * MINUTE;
    expect((await signinAs(t, ROOT_EMAIL, PASSWORD)).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  it('takes the client address that many hops from the right of X-Forwarded-For', async () => {
    const { t } = await limitedServer({ signinPerAddress: { max: 2, timeWindow: 15 * MINUTE } }, 1);
    const through = (forwardedFor: string) =>
      signinAs(t, uniqueEmail('hop'), 'x', { headers: { 'x-forwarded-for': forwardedFor } });
    // Whatever the client writes on the left, the proxy's entry on the right is the address.
    expect((await through('10.9.9.1, 203.0.113.9')).statusCode).toBe(401);
    expect((await through('10.9.9.2, 203.0.113.9')).statusCode).toBe(401);
    expect((await through('10.9.9.3, 203.0.113.9')).statusCode).toBe(429);
    expect((await through('203.0.113.10')).statusCode).toBe(401);

    const two = await limitedServer({ signinPerAddress: { max: 1, timeWindow: 15 * MINUTE } }, 2);
    const via = (forwardedFor: string) =>
      signinAs(two.t, uniqueEmail('hops'), 'x', { headers: { 'x-forwarded-for': forwardedFor } });
    expect((await via('1.1.1.1, 198.51.100.7, 10.0.0.1')).statusCode).toBe(401);
    expect((await via('2.2.2.2, 198.51.100.7, 10.0.0.2')).statusCode).toBe(429);
    expect((await via('198.51.100.8, 10.0.0.1')).statusCode).toBe(401);
  });

  it('reads X-Forwarded-Proto likewise for the HTTPS-only headers', async () => {
    // One server per setting (each is a database of its own to start).
    const servers = new Map<number | false, Promise<{ t: TestContext }>>();
    const serverFor = (trustProxy: number | false) => {
      if (!servers.has(trustProxy)) servers.set(trustProxy, limitedServer({}, trustProxy));
      return servers.get(trustProxy)!;
    };
    const hsts = async (trustProxy: number | false, proto?: string) => {
      const { t } = await serverFor(trustProxy);
      const headers = proto ? { 'x-forwarded-proto': proto } : {};
      const response = await t.request({ method: 'GET', url: '/api/health', headers });
      expect(response.statusCode).toBe(200);
      const page = await t.request({ method: 'GET', url: '/', headers });
      const csp = String(page.headers['content-security-policy']);
      expect(csp.includes('upgrade-insecure-requests')).toBe(
        response.headers['strict-transport-security'] === HSTS,
      );
      return response.headers['strict-transport-security'] === HSTS;
    };
    expect(await hsts(false, 'https')).toBe(false);
    expect(await hsts(1, 'https')).toBe(true);
    expect(await hsts(1)).toBe(false);
    expect(await hsts(1, 'https, http')).toBe(false);
    expect(await hsts(2, 'https, http')).toBe(true);
    // Proxies that replace the header rather than append: the one entry counts.
    expect(await hsts(2, 'HTTPS')).toBe(true);
  }, 90_000);
});

describe('sign-up limits', () => {
  it('hold per address against rotating X-Forwarded-For, and per email', async () => {
    const { t } = await limitedServer({
      signup: { max: 3, timeWindow: 60 * MINUTE },
      signupPerEmail: { max: 2, timeWindow: 60 * MINUTE },
    });
    const body = () => ({ name: 'N', email: uniqueEmail('spam'), organizationName: 'acme' });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/signup',
        headers: rotatingForwardedFor(),
        payload: { password: PASSWORD, role: 'Sales Rep', ...body() },
      });
      codes.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.headers['retry-after']).toBe(String(60 * 60));
        expect(response.json().message).toBe(
          'Too many sign-ups from your address. Try again in 60 minutes.',
        );
      }
    }
    expect(codes).toEqual([201, 201, 201, 429]);

    const email = uniqueEmail('one-email');
    const perEmail: number[] = [];
    for (const remoteAddress of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress,
        payload: {
          name: 'N',
          email,
          password: PASSWORD,
          role: 'Sales Rep',
          organizationName: 'acme',
        },
      });
      perEmail.push(response.statusCode);
    }
    // The second is answered as a new email would be (issue 24: no 409 tells it is taken).
    expect(perEmail).toEqual([201, 201, 429]);

    // An administrator creating users is not counted.
    const root = await t.rootToken();
    for (let i = 0; i < 3; i++) {
      const created = await signup(t, root, {
        name: 'N',
        email: uniqueEmail('staff'),
        organizationName: 'acme',
      });
      expect(created.statusCode, created.body).toBe(201);
    }
  });
});

describe('Cache-Control', () => {
  it('is no-store on every /api answer unless the route says otherwise', async () => {
    const { t } = await limitedServer({});
    const token = await t.rootToken();
    const answers = [
      await t.request({ method: 'GET', url: '/api/health' }),
      await t.request({ method: 'GET', url: '/api/auth/me', token }),
      await t.request({ method: 'GET', url: '/api/auth/me' }),
      await t.request({ method: 'GET', url: '/api/no-such-route' }),
      await t.request({ method: 'POST', url: '/api/auth/signin', payload: { email: 'x' } }),
      await t.request({ method: 'GET', url: '/api/auth/options' }),
    ];
    expect(
      answers.map((answer) => answer.statusCode),
      answers[5]!.body,
    ).toEqual([200, 200, 401, 404, 400, 200]);
    for (const answer of answers)
      expect(answer.headers['cache-control'], answer.body).toBe('no-store');
    // The mail frame is the same static page for everyone and keeps its own.
    const frame = await t.request({ method: 'GET', url: '/api/email/inbox/frame' });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['cache-control']).toBe('private, max-age=3600');
  });
});

describe('sign-out', () => {
  const me = (t: TestContext, token: string) =>
    t.request({ method: 'GET', url: '/api/auth/me', token }).then((r) => r.statusCode);

  it('ends this session only, or with everywhere: true every session of the user', async () => {
    const { t } = await limitedServer({});
    const { user, token: first } = await t.createUser({ role: 'Sales Rep' });
    const second = await t.signin(user.email);
    const third = await t.signin(user.email);
    const someoneElse = await t.rootToken();

    const plain = await t.request({ method: 'POST', url: '/api/auth/signout', token: first });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toEqual({ message: 'Signed out' });
    expect([await me(t, first), await me(t, second), await me(t, third)]).toEqual([401, 200, 200]);

    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/signout',
      token: second,
      payload: { everywhere: 'yes' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await me(t, second)).toBe(200);

    const everywhere = await t.request({
      method: 'POST',
      url: '/api/auth/signout',
      token: second,
      payload: { everywhere: true },
    });
    expect(everywhere.statusCode).toBe(200);
    expect(everywhere.json()).toEqual({ message: 'Signed out everywhere' });
    expect([await me(t, second), await me(t, third)]).toEqual([401, 401]);
    expect(await me(t, someoneElse)).toBe(200);
    // Signing in again works as before.
    expect(await me(t, await t.signin(user.email))).toBe(200);
  });
});

describe('cheap checks before expensive ones (issue 24)', () => {
  const bogusReset = (t: TestContext, remoteAddress: string) =>
    t.request({
      method: 'POST',
      url: '/api/auth/reset',
      remoteAddress,
      payload: { token: 'f'.repeat(64), password: 'burst-password-1' },
    });
  const lateSetup = (t: TestContext, remoteAddress: string) =>
    t.request({
      method: 'POST',
      url: '/api/auth/setup',
      remoteAddress,
      payload: {
        name: 'Late',
        email: uniqueEmail('late-setup'),
        password: 'burst-password-1',
        organizationName: 'Late Co',
      },
    });

  it('hashes nothing for bogus resets and set-ups after set-up, and sign-ins meanwhile pass', async () => {
    const { t } = await limitedServer({});
    const { user } = await t.createUser({ role: 'Sales Rep' });
    const burst = (round: number) =>
      Array.from({ length: 40 }, (_, i) => [
        bogusReset(t, `203.0.${round}.${i + 1}`),
        lateSetup(t, `198.18.${round}.${i + 1}`),
      ]).flat();

    const hashing = vi.spyOn(passwordQueue, 'run');
    try {
      const answers = await Promise.all(burst(1));
      const codes = new Set(answers.map((response) => response.statusCode));
      expect([...codes].sort()).toEqual([400, 409]);
      expect(hashing).not.toHaveBeenCalled();
    } finally {
      hashing.mockRestore();
    }

    // The same burst while people sign in: every sign-in is answered, none is told "busy".
    const [, signins] = await Promise.all([
      Promise.all(burst(2)),
      Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          signinAs(t, i % 2 ? user.email : ROOT_EMAIL, PASSWORD, {
            remoteAddress: `192.0.2.${100 + i}`,
          }),
        ),
      ),
    ]);
    expect(signins.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
  });

  it('counts password changes per user in the database, before the current one is checked', async () => {
    const { t } = await limitedServer({ signin: { max: 2, timeWindow: 15 * MINUTE } });
    const { token } = await t.createUser({ role: 'Sales Rep' });
    const change = () =>
      t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        token,
        payload: { currentPassword: 'not-the-password', newPassword: 'a-new-password-123' },
      });
    const codes = [(await change()).statusCode, (await change()).statusCode];
    const hashing = vi.spyOn(passwordQueue, 'run');
    try {
      const refused = await change();
      expect([...codes, refused.statusCode]).toEqual([400, 400, 429]);
      expect(refused.json().message).toBe('Too many password changes. Try again in 15 minutes.');
      expect(hashing).not.toHaveBeenCalled();
    } finally {
      hashing.mockRestore();
    }
  });

  it('counts resets, set-ups, forgot-password requests and sign-ups by the /64', async () => {
    const { t } = await limitedServer({
      passwordReset: { max: 2, timeWindow: 15 * MINUTE },
      setup: { max: 3, timeWindow: 60 * MINUTE },
      signup: { max: 3, timeWindow: 60 * MINUTE },
    });
    // One machine rotating through the addresses of its IPv6 /64.
    const six = (i: number) => `2001:db8:24:6::${(i + 1).toString(16)}`;
    const resets: number[] = [];
    for (let i = 0; i < 9; i++) resets.push((await bogusReset(t, six(i))).statusCode);
    expect(resets).toEqual([...Array<number>(8).fill(400), 429]);
    const setups: number[] = [];
    for (let i = 0; i < 4; i++) setups.push((await lateSetup(t, six(20 + i))).statusCode);
    expect(setups).toEqual([409, 409, 409, 429]);
    const refused = await lateSetup(t, six(30));
    expect(refused.json().message).toBe(
      'Too many set-up attempts from your address. Try again in 60 minutes.',
    );
    expect(refused.headers['retry-after']).toBe(String(60 * 60));
    const forgets: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/forgot',
        remoteAddress: six(40 + i),
        payload: { email: 'someone@example.com' },
      });
      forgets.push(response.statusCode);
    }
    // 400: this server has no system mail; the third is refused by the limit first.
    expect(forgets).toEqual([400, 400, 429]);
    const signups: number[] = [];
    for (let i = 0; i < 4; i++) {
      const counted = await t.request({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: six(50 + i),
        payload: {
          name: 'N',
          email: uniqueEmail('six'),
          password: PASSWORD,
          role: 'Sales Rep',
          organizationName: 'acme',
        },
      });
      signups.push(counted.statusCode);
    }
    expect(signups).toEqual([201, 201, 201, 429]);
    // Another network is not held up.
    expect((await bogusReset(t, '2001:db8:24:7::1')).statusCode).toBe(400);
  });
});
