import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { INVALID_RESET_LINK } from '@leadline/shared/accounts';
import { readConfig } from '../src/config.ts';
import { passwordQueue } from '../src/lib/passwords.ts';
import { activityLog, passwordResets } from '../src/db/tables.ts';
import { createSystemMailer } from '../src/modules/system-mail/mailer.ts';
import { PASSWORD, TEST_PUBLIC_URL, createTestContext, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import { startSmtpServer } from './mail-servers.ts';
import type { ReceivedMessage, TestSmtpServer } from './mail-servers.ts';

const FROM = 'Leadline <noreply@leadline.test>';
const ANSWER =
  'If an account uses this email, a link to reset its password is on its way. Check your inbox.';
const NEW_PASSWORD = 'chosen-from-the-link';

let smtp: TestSmtpServer;
let t: TestContext;
beforeAll(async () => {
  smtp = await startSmtpServer({ user: 'system@mail.test', password: 'system-mailbox-pass' });
  const url = `smtp://${encodeURIComponent(smtp.user)}:${encodeURIComponent(smtp.password)}@${smtp.host}:${smtp.port}`;
  t = await createTestContext({
    systemMail: { mailer: createSystemMailer({ url, from: FROM }), publicUrl: TEST_PUBLIC_URL },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const forgot = (context: TestContext, email: unknown) =>
  context.request({ method: 'POST', url: '/api/auth/forgot', payload: { email } as never });
const reset = (token: unknown, password: unknown) =>
  t.request({ method: 'POST', url: '/api/auth/reset', payload: { token, password } as never });
const resetsOf = (userId: string) =>
  t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, userId));

/** The token of the reset link in a received message, read as a mail client would. */
const tokenIn = async (message: ReceivedMessage): Promise<string> => {
  const parsed = await simpleParser(message.raw);
  const match = /(\S+)\/reset-password#token=([0-9a-f]+)/.exec(parsed.text ?? '');
  expect(match?.[1]).toBe(TEST_PUBLIC_URL);
  expect(parsed.from?.value[0]?.address).toBe('noreply@leadline.test');
  return match![2]!;
};

describe('GET /api/auth/options', () => {
  it('tells the sign-in page whether reset links can be mailed', async () => {
    const response = await t.request({ method: 'GET', url: '/api/auth/options' });
    expect(response.json()).toEqual({ passwordResetByEmail: true });
  });
});

describe('forgot password and the reset link', () => {
  it('mails a single-use link, stored hashed, that sets a new password and ends sessions', async () => {
    const { user, token: session } = await t.createUser({ role: 'Sales Rep' });
    const before = smtp.messages.length;

    const unknown = await forgot(t, uniqueEmail('nobody'));
    const known = await forgot(t, user.email.toUpperCase());
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: ANSWER });
    expect(known.body).toBe(unknown.body);

    const [message] = (await smtp.waitForMessages(before + 1)).slice(before);
    expect(message!.recipients).toEqual([user.email]);
    const token = await tokenIn(message!);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const [stored] = await resetsOf(user.id);
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    const minutes = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 60_000;
    expect(Math.round(minutes)).toBe(60);

    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toBe('Password must be at least 8 characters');
    const done = await reset(token, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    const again = await reset(token, 'another-new-password');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INVALID_RESET_LINK);

    expect(
      (await t.request({ method: 'GET', url: '/api/auth/me', token: session })).statusCode,
    ).toBe(401);
    await expect(t.signin(user.email)).rejects.toThrow();
    expect(await t.signin(user.email, NEW_PASSWORD)).toEqual(expect.any(String));
    const entries = await t.database.db
      .select({ action: activityLog.action })
      .from(activityLog)
      .where(eq(activityLog.entityId, user.id));
    expect(entries.map((e) => e.action)).toContain('password reset by link');
    // The owner hears that the password changed; the unknown address got nothing.
    const [notice] = (await smtp.waitForMessages(before + 2)).slice(before + 1);
    expect(notice!.recipients).toEqual([user.email]);
    const text = (await simpleParser(notice!.raw)).text ?? '';
    expect(text).toContain('was reset from an emailed link');
    expect(text).toContain(`${TEST_PUBLIC_URL}/forgot-password`);
    expect(text).not.toContain(NEW_PASSWORD);
    expect(smtp.messages.length).toBe(before + 2);
  });

  it('tells the owner when they changed their password themself', async () => {
    const { user, token } = await t.createUser({ role: 'Sales Rep' });
    const before = smtp.messages.length;
    const changed = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token,
      payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [notice] = (await smtp.waitForMessages(before + 1)).slice(before);
    expect(notice!.recipients).toEqual([user.email]);
    const parsed = await simpleParser(notice!.raw);
    expect(parsed.subject).toBe('Your Leadline password was changed');
    expect(parsed.text).toContain('was changed on');
    expect(parsed.text).not.toContain(NEW_PASSWORD);
  });

  it('refuses an expired link, a made-up one and malformed input', async () => {
    const { user } = await t.createUser({ role: 'Sales Rep' });
    const before = smtp.messages.length;
    await forgot(t, user.email);
    const token = await tokenIn((await smtp.waitForMessages(before + 1))[before]!);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, user.id));
    const expired = await reset(token, NEW_PASSWORD);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(INVALID_RESET_LINK);
    expect(await t.signin(user.email)).toEqual(expect.any(String));

    for (const [bad, password] of [
      ['0'.repeat(64), NEW_PASSWORD],
      ['not-a-token', NEW_PASSWORD],
      [undefined, NEW_PASSWORD],
      [token, undefined],
      ['x'.repeat(10_000), NEW_PASSWORD],
    ]) {
      const response = await reset(bad, password);
      expect(response.statusCode, String(bad).slice(0, 20)).toBe(400);
    }
    for (const email of ['', 'not-an-email', 42, undefined]) {
      expect((await forgot(t, email)).statusCode).toBe(400);
    }
  });

  it('mails nothing to a deactivated account and at most three links an hour', async () => {
    const { user } = await t.createUser({ role: 'Sales Rep' });
    const root = await t.rootToken();
    for (let i = 0; i < 5; i++) expect((await forgot(t, user.email)).statusCode).toBe(200);
    expect(await resetsOf(user.id)).toHaveLength(3);

    const other = await t.createUser({ role: 'Sales Rep' });
    await t.request({ method: 'POST', url: `/api/users/${other.user.id}/deactivate`, token: root });
    expect((await forgot(t, other.user.email)).json()).toEqual({ message: ANSWER });
    expect(await resetsOf(other.user.id)).toHaveLength(0);
  });

  it('answers 429 to a flood from one address', async () => {
    const limited = await createTestContext({
      limits: {
        signin: { max: 100, timeWindow: 60_000 },
        signup: { max: 100, timeWindow: 60_000 },
        passwordReset: { max: 2, timeWindow: 60_000 },
      },
      systemMail: {
        mailer: { send: async () => undefined },
        publicUrl: TEST_PUBLIC_URL,
      },
    });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push((await forgot(limited, 'same@example.com')).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('account recovery ends every credential (issue 24)', () => {
  const createKey = async (session: string, name: string) => {
    const created = await t.request({
      method: 'POST',
      url: '/api/api-keys',
      token: session,
      payload: { name },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { key: string; apiKey: { prefix: string } };
  };
  const meWith = async (token: string) =>
    (await t.request({ method: 'GET', url: '/api/auth/me', token })).statusCode;

  it('a reset by link revokes the API keys, and the email says so and lists them', async () => {
    const { user, token: session } = await t.createUser({ role: 'Sales Rep' });
    const first = await createKey(session, 'Zapier sync');
    const second = await createKey(session, 'Nightly export');
    expect(await meWith(first.key)).toBe(200);
    const before = smtp.messages.length;
    await forgot(t, user.email);
    const token = await tokenIn((await smtp.waitForMessages(before + 1))[before]!);
    const done = await reset(token, NEW_PASSWORD);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toContain('your API keys revoked (2)');
    expect(await meWith(first.key)).toBe(401);
    expect(await meWith(second.key)).toBe(401);

    const [notice] = (await smtp.waitForMessages(before + 2)).slice(before + 1);
    const text = (await simpleParser(notice!.raw)).text ?? '';
    expect(text).toContain('Every API key of your account has been revoked (2)');
    expect(text).toContain(`Zapier sync (${first.apiKey.prefix}…)`);
    expect(text).toContain(`Nightly export (${second.apiKey.prefix}…)`);
    expect(text).not.toContain(first.key);
    expect(text).not.toContain('Every other session');
  });

  it('a bogus, used or expired link is refused before any password is hashed', async () => {
    const { user } = await t.createUser({ role: 'Sales Rep' });
    const before = smtp.messages.length;
    await forgot(t, user.email);
    const token = await tokenIn((await smtp.waitForMessages(before + 1))[before]!);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
    // The "password changed" notice leaves in the background: wait for it first.
    await smtp.waitForMessages(before + 2);
    const other = await t.createUser({ role: 'Sales Rep' });
    const count = smtp.messages.length;
    await forgot(t, other.user.email);
    const expiredToken = await tokenIn((await smtp.waitForMessages(count + 1))[count]!);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, other.user.id));

    const hashing = vi.spyOn(passwordQueue, 'run');
    try {
      for (const bad of ['0'.repeat(64), token, expiredToken]) {
        const response = await reset(bad, 'a-new-password-123');
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(INVALID_RESET_LINK);
      }
      expect(hashing).not.toHaveBeenCalled();
    } finally {
      hashing.mockRestore();
    }
  });

  it("an administrator's reset revokes the API keys and tells the owner", async () => {
    const { user, token: session } = await t.createUser({ role: 'Sales Rep' });
    const key = await createKey(session, 'CRM bridge');
    const before = smtp.messages.length;
    const response = await t.request({
      method: 'POST',
      url: `/api/users/${user.id}/reset-password`,
      token: await t.rootToken(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().revokedApiKeys).toEqual([
      { name: 'CRM bridge', prefix: key.apiKey.prefix },
    ]);
    expect(response.json().message).toContain("The user's API key was revoked.");
    expect(await meWith(key.key)).toBe(401);
    const [notice] = (await smtp.waitForMessages(before + 1)).slice(before);
    expect(notice!.recipients).toEqual([user.email]);
    const text = (await simpleParser(notice!.raw)).text ?? '';
    expect(text).toContain('was reset by an administrator');
    expect(text).toContain(`CRM bridge (${key.apiKey.prefix}…)`);
    expect(text).not.toContain(response.json().temporaryPassword);
  });

  it("changing one's own password keeps the keys, and the email says so", async () => {
    const { user, token: session } = await t.createUser({ role: 'Sales Rep' });
    const key = await createKey(session, 'Kept');
    const before = smtp.messages.length;
    const changed = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token: session,
      payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect(await meWith(key.key)).toBe(200);
    const [notice] = (await smtp.waitForMessages(before + 1)).slice(before);
    expect(notice!.recipients).toEqual([user.email]);
    expect((await simpleParser(notice!.raw)).text).toContain('Your API keys still work');
  });
});

describe('anonymous sign-up with a registered email (issue 24)', () => {
  it('answers as for a new email, and emails the address owner instead', async () => {
    const { user } = await t.createUser({ role: 'Sales Rep', name: 'Owen Owner' });
    const body = (email: string) => ({
      name: 'Stranger',
      email,
      password: 'stranger-password',
      role: 'Sales Rep',
      organizationName: 'stranger-org',
    });
    const before = smtp.messages.length;
    const taken = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: body(user.email.toUpperCase()),
    });
    const fresh = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: body(uniqueEmail('fresh-signup')),
    });
    expect(taken.statusCode).toBe(201);
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    const [notice] = (await smtp.waitForMessages(before + 1)).slice(before);
    expect(notice!.recipients).toEqual([user.email]);
    const parsed = await simpleParser(notice!.raw);
    expect(parsed.subject).toBe('Someone tried to sign up to Leadline with your address');
    expect(parsed.text).toContain('Hello Owen Owner');
    expect(parsed.text).toContain(`${TEST_PUBLIC_URL}/forgot-password`);
    expect(parsed.text).not.toContain('stranger-password');
    // The owner's account is as it was: their password still signs in.
    expect(await t.signin(user.email)).toEqual(expect.any(String));
    // Only the owner was written to: the new address gets no mail (it awaits approval).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.length).toBe(before + 1);
  });
});

describe('without a system mailbox', () => {
  it('says so, and the forgot route tells to ask an administrator', async () => {
    const bare = await createTestContext();
    try {
      const options = await bare.request({ method: 'GET', url: '/api/auth/options' });
      expect(options.json()).toEqual({ passwordResetByEmail: false });
      const response = await forgot(bare, 'someone@example.com');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'Password reset by email is not set up on this server. Ask an administrator to reset your password.',
      );
    } finally {
      await bare.close();
    }
  });
});

describe('SYSTEM_SMTP_URL and SYSTEM_MAIL_FROM', () => {
  it('are read together, and a malformed address stops the start without echoing it', () => {
    const url = 'smtp://system%40mail.test:secret-pass@127.0.0.1:2525';
    expect(readConfig({}).systemMail).toBeUndefined();
    expect(readConfig({ SYSTEM_SMTP_URL: url, SYSTEM_MAIL_FROM: FROM }).systemMail).toEqual({
      url,
      from: FROM,
    });
    expect(() => readConfig({ SYSTEM_SMTP_URL: url })).toThrow(/SYSTEM_MAIL_FROM/);
    expect(() => readConfig({ SYSTEM_MAIL_FROM: FROM })).toThrow(/SYSTEM_SMTP_URL/);
    const bad = 'http://user:leaky-secret@host';
    expect(() => readConfig({ SYSTEM_SMTP_URL: bad, SYSTEM_MAIL_FROM: FROM })).toThrow(
      /SYSTEM_SMTP_URL must be an smtp:\/\/ or smtps:\/\/ address/,
    );
    try {
      readConfig({ SYSTEM_SMTP_URL: bad, SYSTEM_MAIL_FROM: FROM });
    } catch (error) {
      expect((error as Error).message).not.toContain('leaky-secret');
    }
  });
});
