import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  GOOGLE_PASSWORD_REFUSED,
  MICROSOFT_PASSWORD_REFUSED,
} from '@leadline/shared/mail-provider-hints';
import { mailAccounts } from '../src/db/schema.ts';
import { createSecretBox } from '../src/mail/crypto.ts';
import { TEST_SECRET_KEY, createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf } from './fixtures.ts';
import { freePort, startImapServer, startSmtpServer } from './mail-servers.ts';
import type { TestImapServer, TestSmtpServer } from './mail-servers.ts';

/** What GET /api/email/config says of a mailbox that logs in with passwords. */
const PASSWORD_MAILBOX = { provider: 'password', status: 'ok', email: null };

let t: TestContext;
let smtp: TestSmtpServer;
let imap: TestImapServer;
let acme: Awaited<ReturnType<typeof adminOf>>;

beforeAll(async () => {
  [t, smtp, imap] = await Promise.all([
    createTestContext(),
    startSmtpServer({ password: 'smtp-pass-Zq9!x' }),
    startImapServer({ password: 'imap-pass-Wk7#y' }),
  ]);
  acme = await adminOf(t, 'acme-mail-config');
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await imap?.stop();
});

const smtpSettings = (overrides: Record<string, unknown> = {}) => ({
  host: smtp.host,
  port: smtp.port,
  secure: false,
  user: smtp.user,
  pass: smtp.password,
  ...overrides,
});

const imapSettings = (overrides: Record<string, unknown> = {}) => ({
  host: imap.host,
  port: imap.port,
  secure: false,
  user: imap.user,
  pass: imap.password,
  ...overrides,
});

const save = (token: string, payload: unknown) =>
  t.request({ method: 'POST', url: '/api/email/config', token, payload: payload as object });

const getConfig = async (token: string) => {
  const response = await t.request({ method: 'GET', url: '/api/email/config', token });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

/** A Sales Rep of acme with the default permissions (configureEmail among them). */
const newRep = async () =>
  (await t.createUser({ role: 'Sales Rep', organizationName: 'acme-mail-config' })).token;

describe('POST /api/email/config', () => {
  it('logs in to the SMTP server, saves, and shows the settings without the password', async () => {
    const rep = await newRep();
    const loginsBefore = smtp.logins.length;
    const saved = await save(rep, { smtp: smtpSettings({ dailyLimit: '25' }) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: 'Configuration saved successfully!' });
    expect(smtp.logins.length).toBe(loginsBefore + 1);

    const config = await getConfig(rep);
    expect(config.json()).toEqual({
      config: {
        smtp: {
          id: expect.any(String),
          host: '127.0.0.1',
          port: smtp.port,
          secure: false,
          user: smtp.user,
          dailyLimit: 25,
          warmup: null,
          warmupStartedOn: null,
          effectiveDailyLimit: 25,
        },
        imap: null,
        ...PASSWORD_MAILBOX,
      },
    });
    expect(config.body).not.toContain(smtp.password);
  });

  it('stores the password encrypted (AES-GCM, iv:tag:ciphertext) and never in clear', async () => {
    const rep = await newRep();
    expect((await save(rep, { smtp: smtpSettings(), imap: imapSettings() })).statusCode).toBe(200);
    const me = await t.request({ method: 'GET', url: '/api/auth/me', token: rep });
    const [row] = await t.database.db
      .select()
      .from(mailAccounts)
      .where(eq(mailAccounts.userId, me.json().id ?? me.json()._id));
    expect(row).toBeDefined();
    const smtpSealed = row!.smtpPassEncrypted!;
    expect(smtpSealed).not.toContain(smtp.password);
    expect(smtpSealed).toMatch(/^[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(row!.imapPassEncrypted).not.toContain(imap.password);
    const dump = JSON.stringify((await t.database.executeSql('SELECT * FROM mail_accounts')).rows);
    expect(dump).not.toContain(smtp.password);
    expect(dump).not.toContain(imap.password);
    const box = createSecretBox(TEST_SECRET_KEY);
    expect(box.decrypt(smtpSealed)).toBe(smtp.password);
    expect(box.decrypt(row!.imapPassEncrypted!)).toBe(imap.password);
    // A random IV: the same password sealed twice differs.
    expect(box.encrypt(smtp.password)).not.toBe(box.encrypt(smtp.password));
    expect(() =>
      createSecretBox('another-key-another-key-another-key!').decrypt(smtpSealed),
    ).toThrow();
  });

  it('refuses a wrong password, saying so, and saves nothing', async () => {
    const rep = await newRep();
    const response = await save(rep, { smtp: smtpSettings({ pass: 'wrong-password' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'SMTP login failed: wrong username or password.',
      errors: { smtp: 'SMTP login failed: wrong username or password.' },
    });
    expect((await getConfig(rep)).json().config).toEqual({
      smtp: null,
      imap: null,
      ...PASSWORD_MAILBOX,
    });
  });

  it("explains Microsoft 365's and Google's refusals of a password in words", async () => {
    const rep = await newRep();
    const refusing = [
      { code: 535, text: '5.7.139 Authentication unsuccessful, basic authentication is disabled.' },
      { code: 550, text: '5.7.30 Basic authentication is not supported for Client Submission.' },
      { code: 534, text: '5.7.9 Application-specific password required. Learn more at x.test' },
    ];
    const servers = await Promise.all(
      refusing.map((refuseLogins) => startSmtpServer({ refuseLogins })),
    );
    try {
      const messages = [];
      for (const server of servers) {
        const response = await save(rep, { smtp: smtpSettings({ port: server.port }) });
        expect(response.statusCode).toBe(400);
        messages.push(response.json().message as string);
      }
      expect(messages).toEqual([
        `SMTP login failed. ${MICROSOFT_PASSWORD_REFUSED}`,
        `SMTP login failed. ${MICROSOFT_PASSWORD_REFUSED}`,
        `SMTP login failed. ${GOOGLE_PASSWORD_REFUSED}`,
      ]);
      expect(messages.join(' ')).not.toContain('x.test');
      expect((await getConfig(rep)).json().config).toEqual({
        smtp: null,
        imap: null,
        ...PASSWORD_MAILBOX,
      });
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  });

  it('says "no such host", "connection refused" and "timeout"-free TLS mismatch plainly', async () => {
    const rep = await newRep();
    const noHost = await save(rep, { smtp: smtpSettings({ host: 'no-such-host.invalid' }) });
    expect(noHost.statusCode).toBe(400);
    expect(noHost.json().message).toBe(
      'No such host: the SMTP server "no-such-host.invalid" could not be found. Check the host name.',
    );

    const closed = await freePort();
    const refused = await save(rep, { smtp: smtpSettings({ port: closed }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `Connection refused: nothing answers on 127.0.0.1:${closed}. Check the SMTP host and port.`,
    );

    const tls = await save(rep, { smtp: smtpSettings({ secure: true }) });
    expect(tls.statusCode).toBe(400);
    expect(tls.json().message).toBe(
      'The server did not answer with TLS on this port: turn Use SSL/TLS off, or use the TLS port (usually 465).',
    );

    const imapTls = await save(rep, { imap: imapSettings({ secure: true }) });
    expect(imapTls.statusCode).toBe(400);
    expect(imapTls.json().message).toBe(
      'The server did not answer with TLS on this port: turn Use SSL/TLS off, or use the TLS port (usually 993).',
    );
    expect((await getConfig(rep)).json().config).toEqual({
      smtp: null,
      imap: null,
      ...PASSWORD_MAILBOX,
    });
  });

  it('logs in to Dovecot over IMAP with the right password and saves', async () => {
    const rep = await newRep();
    const right = await save(rep, { imap: imapSettings() });
    expect(right.statusCode, right.body).toBe(200);
    expect((await getConfig(rep)).json().config).toEqual({
      smtp: null,
      imap: { host: '127.0.0.1', port: imap.port, secure: false, user: imap.user },
      ...PASSWORD_MAILBOX,
    });
  });

  it('checks both servers at once and names each failure', async () => {
    const rep = await newRep();
    const closed = await freePort();
    const response = await save(rep, {
      smtp: smtpSettings({ pass: 'bad' }),
      imap: imapSettings({ port: closed }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      smtp: 'SMTP login failed: wrong username or password.',
      imap: `Connection refused: nothing answers on 127.0.0.1:${closed}. Check the IMAP host and port.`,
    });
  });

  it('keeps the stored password when an edit leaves it blank, only for the same host and user', async () => {
    const rep = await newRep();
    expect((await save(rep, { smtp: smtpSettings({ dailyLimit: 5 }) })).statusCode).toBe(200);
    const logins = smtp.logins.length;
    const edited = await save(rep, { smtp: smtpSettings({ pass: '', dailyLimit: 7 }) });
    expect(edited.statusCode, edited.body).toBe(200);
    // The stored password was used to log in again.
    expect(smtp.logins.length).toBe(logins + 1);
    expect((await getConfig(rep)).json().config.smtp.dailyLimit).toBe(7);

    const elsewhere = await save(rep, {
      smtp: smtpSettings({ pass: undefined, host: 'localhost' }),
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({
      message: 'Password is required',
      errors: { 'smtp.pass': 'Password is required' },
    });
    const otherUser = await save(rep, {
      smtp: smtpSettings({ pass: undefined, user: 'x@mail.test' }),
    });
    expect(otherUser.json().message).toBe('Password is required');
    const fresh = await newRep();
    const none = await save(fresh, { imap: imapSettings({ pass: undefined }) });
    expect(none.json()).toMatchObject({ errors: { 'imap.pass': 'Password is required' } });
  });

  it('answers bad input with 400 and the field messages', async () => {
    const rep = await newRep();
    const missing = await save(rep, { smtp: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      'smtp.host': 'Host is required',
      'smtp.port': 'Port is required',
      'smtp.user': 'Username is required',
    });
    const cases: [unknown, string][] = [
      [{}, 'Send SMTP or IMAP settings to save'],
      [{ smtp: smtpSettings({ port: 'abc' }) }, 'Port must be a number'],
      [{ smtp: smtpSettings({ port: 70000 }) }, 'Port must be between 1 and 65535'],
      [{ smtp: smtpSettings({ port: 25.5 }) }, 'Port must be a whole number'],
      [
        { smtp: smtpSettings({ host: `${'a'.repeat(250)}.test` }) },
        'Host must be at most 253 characters',
      ],
      [
        { smtp: smtpSettings({ host: 'smtp example.com' }) },
        'Host must be a server name like smtp.example.com or an IP address',
      ],
      [{ smtp: smtpSettings({ user: '  ' }) }, 'Username is required'],
      [{ smtp: smtpSettings({ secure: 'maybe' }) }, 'Use SSL/TLS must be true or false'],
      [{ imap: 'imap.example.com' }, 'IMAP settings must be an object'],
      [
        { smtp: smtpSettings({ pass: 'x'.repeat(1001) }) },
        'Password must be at most 1000 characters',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await save(rep, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const notJson = await t.request({
      method: 'POST',
      url: '/api/email/config',
      token: rep,
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(notJson.statusCode).toBe(400);
    expect((await getConfig(rep)).json().config).toEqual({
      smtp: null,
      imap: null,
      ...PASSWORD_MAILBOX,
    });
  });

  it('reads the daily limit as the seed does: blank or not a number is none, below 0 is 0', async () => {
    const rep = await newRep();
    const limitAfter = async (dailyLimit: unknown) => {
      const response = await save(rep, { smtp: smtpSettings({ dailyLimit }) });
      expect(response.statusCode, response.body).toBe(200);
      return (await getConfig(rep)).json().config.smtp.dailyLimit;
    };
    expect(await limitAfter('-5')).toBe(0);
    expect(await limitAfter(-1)).toBe(0);
    expect(await limitAfter('abc')).toBeNull();
    expect(await limitAfter('')).toBeNull();
    expect(await limitAfter(null)).toBeNull();
    expect(await limitAfter('12.7')).toBe(12);
    expect(await limitAfter(1e12)).toBe(1_000_000);
    expect(await limitAfter(undefined)).toBeNull();
  });
});

describe('GET and DELETE /api/email/config', () => {
  it('shows each user only their own settings, even inside one organisation', async () => {
    const rep = await newRep();
    const colleague = await newRep();
    expect((await save(rep, { smtp: smtpSettings(), imap: imapSettings() })).statusCode).toBe(200);
    expect((await getConfig(colleague)).json().config).toEqual({
      smtp: null,
      imap: null,
      ...PASSWORD_MAILBOX,
    });
    expect((await getConfig(acme.token)).json().config).toEqual({
      smtp: null,
      imap: null,
      ...PASSWORD_MAILBOX,
    });
    expect((await getConfig(rep)).json().config.smtp).not.toBeNull();
  });

  it('deletes one protocol and keeps the other; a bad protocol is a 400', async () => {
    const rep = await newRep();
    expect((await save(rep, { smtp: smtpSettings(), imap: imapSettings() })).statusCode).toBe(200);
    const remove = (query: string) =>
      t.request({ method: 'DELETE', url: `/api/email/config${query}`, token: rep });
    const deleted = await remove('?protocol=smtp');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'SMTP configuration deleted successfully!' });
    expect((await getConfig(rep)).json().config).toEqual({
      smtp: null,
      imap: { host: '127.0.0.1', port: imap.port, secure: false, user: imap.user },
      ...PASSWORD_MAILBOX,
    });
    const again = await remove('?protocol=smtp');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('No SMTP configuration found');
    for (const query of ['?protocol=pop3', '']) {
      const bad = await remove(query);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('protocol must be smtp or imap');
    }
    const imapGone = await remove('?protocol=imap');
    expect(imapGone.json()).toEqual({ message: 'IMAP configuration deleted successfully!' });
    expect((await getConfig(rep)).json().config).toEqual({
      smtp: null,
      imap: null,
      ...PASSWORD_MAILBOX,
    });
  });

  it('needs a token and the configureEmail permission', async () => {
    expect((await t.request({ method: 'GET', url: '/api/email/config' })).statusCode).toBe(401);
    const { token } = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme-mail-config',
      permissions: { leadsTable: true },
    });
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.request({
        method,
        url: '/api/email/config?protocol=smtp',
        token,
        ...(method === 'POST' ? { payload: { smtp: smtpSettings() } } : {}),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You do not have permission to access Configure Email.');
    }
  });

  it('limits how often one user may try to save settings (each save logs in somewhere)', async () => {
    const rep = await newRep();
    const codes: number[] = [];
    for (let i = 0; i < 20; i += 1) codes.push((await save(rep, { smtp: {} })).statusCode);
    expect(codes.every((code) => code === 400)).toBe(true);
    const refused = await save(rep, { smtp: smtpSettings() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/rate limit/i);
    // Another user is not affected.
    expect((await save(await newRep(), { smtp: smtpSettings() })).statusCode).toBe(200);
  });

  // Last of the IMAP logins: Dovecot slows the next login from this address after a failure.
  it('refuses a wrong IMAP password, saying so, and saves nothing', async () => {
    const rep = await newRep();
    const wrong = await save(rep, { imap: imapSettings({ pass: 'not-it' }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'IMAP login failed: wrong username or password.',
      errors: { imap: 'IMAP login failed: wrong username or password.' },
    });
    expect((await getConfig(rep)).json().config.imap).toBeNull();
  });

  it('never writes a mail password to the log', () => {
    const log = t.logs.join('\n');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(smtp.password);
    expect(log).not.toContain(imap.password);
  });
});
