// Where an account is signed in: the list of its sessions and the end of one of them
// (OWASP ASVS 3.3.4), only ever the caller's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_AGENT_KEPT } from '@leadline/shared/accounts';
import type { SessionsResponse } from '@leadline/shared/accounts';
import { PASSWORD, createTestContext } from './context.ts';
import type { TestContext } from './context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

/** Signs in from a browser of the given User-Agent: the token. */
const signinFrom = async (email: string, userAgent: string) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/signin',
    headers: { 'user-agent': userAgent },
    payload: { email, password: PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
};

const sessionsOf = async (token: string) => {
  const response = await t.request({ method: 'GET', url: '/api/auth/sessions', token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as SessionsResponse).sessions;
};

const me = (token: string) =>
  t.request({ method: 'GET', url: '/api/auth/me', token }).then((r) => r.statusCode);

describe('sessions', () => {
  it('lists where the user is signed in, newest first, this session marked', async () => {
    const { user } = await t.createUser({ role: 'Sales Rep' });
    const onWindows = await signinFrom(user.email, FIREFOX);
    const onLinux = await signinFrom(user.email, CHROME);
    const sessions = await sessionsOf(onLinux);
    // createUser signed in once too.
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ userAgent: CHROME, current: true });
    expect(sessions[1]).toMatchObject({ userAgent: FIREFOX, current: false });
    expect(sessions[0]!.address).toBe('127.0.0.1');
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(new Date(sessions[0]!.expiresAt).getTime()).toBeGreaterThan(Date.now());
    // Nothing that could act as the session: no token, no secret.
    expect(JSON.stringify(sessions)).not.toContain(onWindows);
    expect(Object.keys(sessions[0]!).sort()).toEqual(
      ['_id', 'address', 'createdAt', 'current', 'expiresAt', 'userAgent'].sort(),
    );
  });

  it('keeps only the start of a very long User-Agent', async () => {
    const { user } = await t.createUser({ role: 'Sales Rep' });
    const token = await signinFrom(user.email, `${CHROME} ${'x'.repeat(5000)}`);
    const [session] = await sessionsOf(token);
    expect(session!.userAgent).toHaveLength(USER_AGENT_KEPT);
  });

  it('ends one other session, which is out at once; the others stay', async () => {
    const { user } = await t.createUser({ role: 'Sales Rep' });
    const laptop = await signinFrom(user.email, CHROME);
    const stolen = await signinFrom(user.email, FIREFOX);
    const target = (await sessionsOf(laptop)).find((session) => session.userAgent === FIREFOX)!;

    const ended = await t.request({
      method: 'DELETE',
      url: `/api/auth/sessions/${target._id}`,
      token: laptop,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ message: 'Signed out on that device' });
    expect([await me(laptop), await me(stolen)]).toEqual([200, 401]);
    expect((await sessionsOf(laptop)).map((session) => session._id)).not.toContain(target._id);

    // Twice: it is gone.
    const again = await t.request({
      method: 'DELETE',
      url: `/api/auth/sessions/${target._id}`,
      token: laptop,
    });
    expect(again.statusCode).toBe(404);
  });

  it("never shows or ends another user's session, nor takes a malformed id", async () => {
    const { token: owner } = await t.createUser({ role: 'Sales Rep' });
    const { token: stranger } = await t.createUser({ role: 'Admin' });
    const [theirs] = await sessionsOf(owner);

    const foreign = await t.request({
      method: 'DELETE',
      url: `/api/auth/sessions/${theirs!._id}`,
      token: stranger,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Session not found' });
    expect(await me(owner)).toBe(200);
    expect((await sessionsOf(stranger)).map((session) => session._id)).not.toContain(theirs!._id);

    for (const id of ['not-a-uuid', "1' OR '1'='1", 'x'.repeat(101)]) {
      const response = await t.request({
        method: 'DELETE',
        url: `/api/auth/sessions/${encodeURIComponent(id)}`,
        token: stranger,
      });
      expect(response.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, id).toBeLessThan(500);
    }
    expect(await me(owner)).toBe(200);
  });

  it('logs every sign-in decision without the password or the address typed', async () => {
    const { user } = await t.createUser({ role: 'Sales Rep' });
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: user.email, password: 'wrong-password-typed' },
    });
    expect(wrong.statusCode).toBe(401);
    await signinFrom(user.email, CHROME);
    const logged = t.logs.join('');
    expect(logged).toContain('Sign-in refused');
    expect(logged).toContain(`"userId":"${user._id}"`);
    for (const secret of ['wrong-password-typed', PASSWORD, user.email])
      expect(logged).not.toContain(secret);
  });

  it('needs a signed-in caller', async () => {
    const list = await t.request({ method: 'GET', url: '/api/auth/sessions' });
    expect(list.statusCode).toBe(401);
  });
});

describe('sign out everywhere, with the API keys (issue 24)', () => {
  const newKey = async (token: string, name: string) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/api-keys',
      token,
      payload: { name },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { key: string; apiKey: { prefix: string } };
  };
  const signoutEverywhere = (token: string, payload: object) =>
    t.request({ method: 'POST', url: '/api/auth/signout', token, payload });

  it('keeps the keys by default, and revokes them with revokeApiKeys: true', async () => {
    const { user, token } = await t.createUser({ role: 'Sales Rep' });
    const other = await signinFrom(user.email, FIREFOX);
    const key = await newKey(token, 'Reporting script');
    const kept = await signoutEverywhere(token, { everywhere: true });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ message: 'Signed out everywhere' });
    expect(await me(other)).toBe(401);
    expect(await me(key.key)).toBe(200);

    const again = await signinFrom(user.email, CHROME);
    const second = await newKey(again, 'Second script');
    const revoked = await signoutEverywhere(again, { everywhere: true, revokeApiKeys: true });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().message).toBe('Signed out everywhere; 2 API keys revoked');
    expect(revoked.json().revokedApiKeys).toEqual(
      expect.arrayContaining([
        { name: 'Reporting script', prefix: key.apiKey.prefix },
        { name: 'Second script', prefix: second.apiKey.prefix },
      ]),
    );
    expect(await me(again)).toBe(401);
    expect(await me(key.key)).toBe(401);
    expect(await me(second.key)).toBe(401);
    const listed = await t.request({
      method: 'GET',
      url: '/api/api-keys',
      token: await t.signin(user.email),
    });
    expect(listed.json().apiKeys.map((k: { status: string }) => k.status)).toEqual([
      'revoked',
      'revoked',
    ]);
  });

  it('refuses revokeApiKeys from a key (only a signed-in session revokes keys)', async () => {
    const { token } = await t.createUser({ role: 'Sales Rep' });
    const key = await newKey(token, 'Cannot revoke itself');
    const refused = await signoutEverywhere(key.key, { everywhere: true, revokeApiKeys: true });
    expect(refused.statusCode).toBe(403);
    expect(await me(token)).toBe(200);
    expect(await me(key.key)).toBe(200);
    const bad = await signoutEverywhere(token, { everywhere: true, revokeApiKeys: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('revokeApiKeys must be true or false');
  });
});
