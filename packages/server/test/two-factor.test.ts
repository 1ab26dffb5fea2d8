import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TWO_FACTOR_SETUP_REQUIRED, secretOfUri } from '@leadline/shared/two-factor';
import { activityLog, twoFactorSecrets } from '../src/db/tables.ts';
import type { SystemMessage } from '../src/modules/system-mail/mailer.ts';
import { base32Decode, totpAt } from '@leadline/shared/totp';
import { PASSWORD } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, createClockedContext } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
const sent: SystemMessage[] = [];
/** The server's clock for codes and limits: each use of a code moves it on a step. */
let clock = Date.UTC(2026, 10, 1, 12, 0, 0);
const STEP = 30_000;

beforeAll(async () => {
  t = await createClockedContext(() => clock, sent);
  acme = await adminOf(t, 'acme');
  globex = await adminOf(t, 'globex');
});
afterAll(() => t.close());

const call = (
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.request({ method, url, token, ...(payload ? { payload } : {}) });

const codeFor = (secret: string, offsetSteps = 0) =>
  totpAt(base32Decode(secret), clock + offsetSteps * STEP);

type TwoFactorUser = {
  email: string;
  token: string;
  id: string;
  secret: string;
  recovery: string[];
};

/** Sets two-step sign-in up through the API for the token's user: its secret and recovery codes. */
const enableFor = async (token: string) => {
  const setup = await call(token, 'POST', '/api/auth/2fa/setup');
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = secretOfUri(setup.json().otpauthUri)!;
  const enabled = await call(token, 'POST', '/api/auth/2fa/enable', { code: codeFor(secret) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  clock += STEP;
  return { secret, recovery: enabled.json().recoveryCodes as string[] };
};

/** A new member of acme with two-step sign-in on. */
const userWithTwoFactor = async (): Promise<TwoFactorUser> => {
  const { user, token } = await t.createUser({ role: 'Sales Rep', organizationName: 'acme' });
  return { email: user.email, token, id: user._id, ...(await enableFor(token)) };
};

const challengeOf = async (email: string): Promise<string> => {
  const response = await call(undefined, 'POST', '/api/auth/signin', { email, password: PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  return body.challenge;
};

const verify = (challenge: string, code: string) =>
  call(undefined, 'POST', '/api/auth/2fa/verify', { challenge, code });

describe('two-step sign-in: set-up', () => {
  it('answers an otpauth URI, keeps the secret encrypted and never shows it again', async () => {
    const { user, token } = await t.createUser({ role: 'Sales Rep', organizationName: 'acme' });
    const setup = await call(token, 'POST', '/api/auth/2fa/setup');
    expect(setup.statusCode).toBe(200);
    const uri: string = setup.json().otpauthUri;
    expect(uri).toMatch(
      /^otpauth:\/\/totp\/Leadline:[^?]+\?secret=[A-Z2-7]{32}&issuer=Leadline&period=30&digits=6$/,
    );
    expect(Object.keys(setup.json())).toEqual(['otpauthUri']);
    const secret = secretOfUri(uri)!;
    const [row] = await t.database.db
      .select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, user._id));
    expect(row!.pendingEncrypted).toBeTruthy();
    expect(row!.pendingEncrypted).not.toContain(secret);
    const status = await call(token, 'GET', '/api/auth/2fa');
    expect(status.json()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
    expect(t.logs.join('')).not.toContain(secret);

    const wrong = await call(token, 'POST', '/api/auth/2fa/enable', { code: '12345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toMatch(/6 digits/);
    const enabled = await call(token, 'POST', '/api/auth/2fa/enable', { code: codeFor(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const codes: string[] = enabled.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [stored] = await t.database.db
      .select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, user._id));
    expect(JSON.stringify(stored)).not.toContain(codes[0]!);
    expect((await call(token, 'GET', '/api/auth/2fa')).json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expect((await call(token, 'GET', '/api/auth/me')).json().twoFactorEnabled).toBe(true);
    clock += STEP;
  });
});

describe('two-step sign-in: the code step', () => {
  let member: TwoFactorUser;
  beforeAll(async () => {
    member = await userWithTwoFactor();
  });

  it('answers a challenge and no token, then the usual sign-in answer for the code', async () => {
    const challenge = await challengeOf(member.email);
    const answer = await verify(challenge, codeFor(member.secret));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      token: expect.any(String),
      user: { email: member.email },
    });
    const me = await call(answer.json().token, 'GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    // The challenge is used up.
    const again = await verify(challenge, codeFor(member.secret, 1));
    expect(again.statusCode).toBe(401);
  });

  it('refuses a code used before (replay), accepts ±1 step of drift and refuses ±2', async () => {
    const used = codeFor(member.secret, -1);
    // The step just used (by the test before) cannot be used again.
    expect((await verify(await challengeOf(member.email), used)).statusCode).toBe(401);
    clock += 10 * STEP;
    expect(
      (await verify(await challengeOf(member.email), codeFor(member.secret, -2))).statusCode,
    ).toBe(401);
    expect(
      (await verify(await challengeOf(member.email), codeFor(member.secret, 2))).statusCode,
    ).toBe(401);
    expect(
      (await verify(await challengeOf(member.email), codeFor(member.secret, -1))).statusCode,
    ).toBe(200);
    const code = codeFor(member.secret, 1);
    expect((await verify(await challengeOf(member.email), code)).statusCode).toBe(200);
    expect((await verify(await challengeOf(member.email), code)).statusCode).toBe(401);
    clock += 10 * STEP;
  });

  it('takes a recovery code once, and logs its use', async () => {
    const [first] = member.recovery;
    const answer = await verify(await challengeOf(member.email), first!.toUpperCase());
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await verify(await challengeOf(member.email), first!)).statusCode).toBe(401);
    expect((await call(member.token, 'GET', '/api/auth/2fa')).json().recoveryCodesLeft).toBe(9);
    const entries = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, member.id));
    expect(entries.map((entry) => entry.action)).toContain('recovery code used');
  });

  it('refuses an unknown or expired challenge', async () => {
    expect((await verify('nope', codeFor(member.secret))).statusCode).toBe(401);
  });

  it('regenerates the recovery codes with a code from the app', async () => {
    // The wrong codes of the tests before have left the window.
    clock += 16 * 60_000;
    const answer = await call(member.token, 'POST', '/api/auth/2fa/recovery-codes', {
      code: codeFor(member.secret),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const fresh: string[] = answer.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    clock += STEP;
    expect((await verify(await challengeOf(member.email), member.recovery[1]!)).statusCode).toBe(
      401,
    );
    expect((await verify(await challengeOf(member.email), fresh[0]!)).statusCode).toBe(200);
  });

  it('stops after 5 wrong codes per account for 15 minutes, across challenges', async () => {
    const target = await userWithTwoFactor();
    for (let i = 0; i < 5; i += 1) {
      const wrong = await verify(await challengeOf(target.email), '000000');
      expect(wrong.statusCode).toBe(401);
    }
    const right = await verify(await challengeOf(target.email), codeFor(target.secret));
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/Too many wrong codes/);
    expect(right.headers['retry-after']).toBeDefined();
    clock += 16 * 60_000;
    expect((await verify(await challengeOf(target.email), codeFor(target.secret))).statusCode).toBe(
      200,
    );
  });

  it('never asks an API key for a code', async () => {
    const session = await verify(await challengeOf(member.email), codeFor(member.secret));
    clock += STEP;
    const key = await call(session.json().token, 'POST', '/api/api-keys', { name: 'script' });
    expect(key.statusCode, key.body).toBe(201);
    const leads = await call(key.json().key, 'GET', '/api/leads');
    expect(leads.statusCode).toBe(200);
    const setup = await call(key.json().key, 'DELETE', '/api/auth/2fa', { password: PASSWORD });
    expect(setup.statusCode).toBe(403);
  });

  it('turns off with the password; sign-in then answers a token at once', async () => {
    const wrong = await call(member.token, 'DELETE', '/api/auth/2fa', {
      password: 'wrong-password',
    });
    expect(wrong.statusCode).toBe(400);
    const off = await call(member.token, 'DELETE', '/api/auth/2fa', { password: PASSWORD });
    expect(off.statusCode, off.body).toBe(200);
    expect(await t.signin(member.email)).toEqual(expect.any(String));
  });
});

describe('two-step sign-in: the organisation', () => {
  it('lets an Admin require it: a member without it may only set it up', async () => {
    const { user, token: repOld } = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
    });
    const refused = await call(repOld, 'PUT', '/api/organizations/settings', {
      requireTwoFactor: true,
    });
    expect(refused.statusCode).toBe(403);
    const first = await call(acme.token, 'PUT', '/api/organizations/settings', {
      requireTwoFactor: true,
    });
    expect(first.statusCode).toBe(400);
    expect(first.json().errors.requireTwoFactor).toMatch(/your own account/);
    await enableFor(acme.token);
    const required = await call(acme.token, 'PUT', '/api/organizations/settings', {
      requireTwoFactor: true,
    });
    expect(required.statusCode, required.body).toBe(200);
    expect(required.json().requireTwoFactor).toBe(true);

    const token = await t.signin(user.email);
    const leads = await call(token, 'GET', '/api/leads');
    expect(leads.statusCode).toBe(403);
    expect(leads.json().code).toBe(TWO_FACTOR_SETUP_REQUIRED);
    const me = await call(token, 'GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().twoFactorSetupRequired).toBe(true);
    const setup = await call(token, 'POST', '/api/auth/2fa/setup');
    expect(setup.statusCode).toBe(200);
    const secret = secretOfUri(setup.json().otpauthUri)!;
    const enabled = await call(token, 'POST', '/api/auth/2fa/enable', { code: codeFor(secret) });
    expect(enabled.statusCode).toBe(200);
    clock += STEP;
    expect((await call(token, 'GET', '/api/leads')).statusCode).toBe(200);
    // Required: it cannot be turned off by the member.
    const off = await call(token, 'DELETE', '/api/auth/2fa', { password: PASSWORD });
    expect(off.statusCode).toBe(403);
    // Another organisation is not affected.
    expect((await call(globex.token, 'GET', '/api/leads')).statusCode).toBe(200);

    // An Admin resets it: logged, emailed, and the member is led to set it up again.
    const foreign = await call(globex.token, 'DELETE', `/api/users/${user._id}/2fa`);
    expect(foreign.statusCode).toBe(404);
    const rep = await call(repOld, 'DELETE', `/api/users/${user._id}/2fa`);
    expect(rep.statusCode).toBe(403);
    const reset = await call(acme.token, 'DELETE', `/api/users/${user._id}/2fa`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(sent.at(-1)).toMatchObject({
      to: user.email,
      subject: expect.stringMatching(/two-step/),
    });
    const entries = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, user._id));
    expect(entries.map((entry) => entry.action)).toContain('two-step reset');
    const again = await t.signin(user.email);
    expect((await call(again, 'GET', '/api/leads')).json().code).toBe(TWO_FACTOR_SETUP_REQUIRED);

    // A temporary password (an Admin's reset) is replaced first, then two-step sign-in is set up.
    const temporary = await call(acme.token, 'POST', `/api/users/${user._id}/reset-password`);
    expect(temporary.statusCode, temporary.body).toBe(200);
    const withTemporary = await t.signin(user.email, temporary.json().temporaryPassword);
    const changed = await call(withTemporary, 'POST', '/api/auth/change-password', {
      currentPassword: temporary.json().temporaryPassword,
      newPassword: 'a-brand-new-password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user.twoFactorSetupRequired).toBe(true);
    expect((await call(changed.json().token, 'GET', '/api/leads')).json().code).toBe(
      TWO_FACTOR_SETUP_REQUIRED,
    );
    const again2 = changed.json().token as string;

    const lifted = await call(acme.token, 'PUT', '/api/organizations/settings', {
      requireTwoFactor: false,
    });
    expect(lifted.statusCode).toBe(200);
    expect((await call(again2, 'GET', '/api/leads')).statusCode).toBe(200);
  });
});
