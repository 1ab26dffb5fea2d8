import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import tls from 'node:tls';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BulkEmailJob } from '@leadline/shared/email';
import { mailPrivateHostsAllowed, readConfig, webhookPrivateHostsAllowed } from '../src/config.ts';
import { createSecretBox } from '../src/mail/crypto.ts';
import { NEVER_MAIL_HOST, PRIVATE_MAIL_HOST } from '../src/mail/errors.ts';
import { verifyImapLogin } from '../src/mail/imap.ts';
import { verifySmtpLogin } from '../src/mail/smtp.ts';
import { saveMailAccount } from '../src/modules/mail-accounts/repo.ts';
import { checkReplies } from '../src/modules/replies/service.ts';
import { TEST_SECRET_KEY, createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { bulkPayload, runBulk } from './email-bulk-support.ts';
import { adminOf, configureSmtp, createLead } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import { freePort, startSmtpServer } from './mail-servers.ts';
import type { TestSmtpServer } from './mail-servers.ts';

// A MariaDB server's first bytes: a length, a sequence number, protocol 10, its version.
const MARIADB_GREETING = Buffer.concat([
  Buffer.from([0x5b, 0x00, 0x00, 0x00, 0x0a]),
  Buffer.from('5.5.5-10.11.6-MariaDB-0+deb12u1\0', 'latin1'),
  Buffer.from([0x08, 0x00, 0x00, 0x00]),
  Buffer.from('Kx8#pQ2!\0', 'latin1'),
]);

/** A TCP server on loopback that greets like MariaDB; counts the connections it got. */
const startFakeDatabase = async () => {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.write(MARIADB_GREETING);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};

/**
 * A TLS server on loopback with a self-signed certificate (made by openssl) that notes the
 * name each client asked for (SNI).
 */
const startTlsServer = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'leadline-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=localhost',
      '-days',
      '1',
    ].concat(['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
    { stdio: 'ignore' },
  );
  const key = readFileSync(join(dir, 'key.pem'));
  const cert = readFileSync(join(dir, 'cert.pem'));
  rmSync(dir, { recursive: true, force: true });
  const names: string[] = [];
  const server = tls.createServer({
    key,
    cert,
    SNICallback: (name, done) => {
      names.push(name);
      done(null, tls.createSecureContext({ key, cert }));
    },
  });
  server.on('tlsClientError', () => undefined);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as net.AddressInfo).port,
    names,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

let t: TestContext;
let smtp: TestSmtpServer;
let database: Awaited<ReturnType<typeof startFakeDatabase>>;
let closedPort: number;
let acme: OrganisationAdmin;

beforeAll(async () => {
  [t, smtp, database, closedPort] = await Promise.all([
    createTestContext(),
    startSmtpServer({ password: 'smtp-guard-pass-Hn42' }),
    startFakeDatabase(),
    freePort(),
  ]);
  acme = await adminOf(t, 'acme-mail-guard');
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await database?.stop();
});

/** The server's setting, as the operator gives it: unset (the default) or exactly "1". */
const allowPrivateHosts = (allowed: boolean) =>
  vi.stubEnv('MAIL_ALLOW_PRIVATE_HOSTS', allowed ? '1' : '');

beforeEach(() => allowPrivateHosts(false));
afterEach(() => vi.unstubAllEnvs());

const settings = (host: string, port: number) => ({
  host,
  port,
  secure: false,
  user: 'probe',
  pass: 'probe-password',
});

const testConnection = (payload: object) =>
  t.request({ method: 'POST', url: '/api/email/config', token: acme.token, payload });

/** A new Sales Rep of acme who may also read their inbox, with no mail settings yet. */
const newRep = async () =>
  t.createUser({
    role: 'Sales Rep',
    organizationName: 'acme-mail-guard',
    permissions: { inbox: true, configureEmail: true, sendEmailPage: true, sendBulkEmail: true },
  });

describe('mail servers on private networks (MAIL_ALLOW_PRIVATE_HOSTS unset)', () => {
  it('answers the same 400 whether a database listens on the port or nothing does', async () => {
    const listening = await testConnection({ smtp: settings('127.0.0.1', database.port) });
    const closed = await testConnection({ smtp: settings('127.0.0.1', closedPort) });
    expect(listening.statusCode).toBe(400);
    expect(listening.json()).toEqual({
      message: PRIVATE_MAIL_HOST,
      errors: { smtp: PRIVATE_MAIL_HOST },
    });
    expect(closed.statusCode).toBe(400);
    expect(closed.body).toBe(listening.body);

    const imapListening = await testConnection({ imap: settings('127.0.0.1', database.port) });
    const imapClosed = await testConnection({ imap: settings('127.0.0.1', closedPort) });
    expect(imapListening.statusCode).toBe(400);
    expect(imapListening.json()).toEqual({
      message: PRIVATE_MAIL_HOST,
      errors: { imap: PRIVATE_MAIL_HOST },
    });
    expect(imapClosed.body).toBe(imapListening.body);
    // Nothing was sent there: the address was refused before connecting.
    expect(database.connections()).toBe(0);
  });

  it('refuses every other spelling of the machine itself, and names that resolve to it', async () => {
    const expected = (await testConnection({ smtp: settings('127.0.0.1', database.port) })).body;
    for (const host of ['localhost', '::1', '0.0.0.0', '2130706433', '0x7f.1', '127.1']) {
      const response = await testConnection({
        smtp: settings(host, database.port),
        imap: settings(host, database.port),
      });
      expect(response.statusCode, host).toBe(400);
      expect(response.json(), host).toEqual({
        message: PRIVATE_MAIL_HOST,
        errors: { smtp: PRIVATE_MAIL_HOST, imap: PRIVATE_MAIL_HOST },
      });
      expect((await testConnection({ smtp: settings(host, database.port) })).body, host).toBe(
        expected,
      );
    }
    expect(database.connections()).toBe(0);
  });

  it('refuses to send with settings saved while they were allowed, and records why', async () => {
    allowPrivateHosts(true);
    const rep = await newRep();
    await configureSmtp(t, rep.token, smtp);
    const lead = await createLead(t, acme.token, { personEmail: 'ada@guard.test' });

    allowPrivateHosts(false);
    const before = smtp.messages.length;
    const send = () =>
      t.request({
        method: 'POST',
        url: '/api/email/send',
        token: rep.token,
        payload: {
          to: 'ada@guard.test',
          subject: 'Hello',
          body: '<p>Hello from the mail guard test.</p>',
        },
      });
    const refused = await send();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PRIVATE_MAIL_HOST);
    expect(smtp.messages.length).toBe(before);

    // A bulk run (one pooled connection) stops at once with the same words.
    const job: BulkEmailJob = await runBulk(t, rep.token, bulkPayload([lead._id]));
    expect(job.sent).toBe(0);
    expect(JSON.stringify(job)).toContain(PRIVATE_MAIL_HOST);
    expect(smtp.messages.length).toBe(before);

    allowPrivateHosts(true);
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(smtp.messages.length).toBe(before + 1);
  });

  it('refuses to read an inbox or check it for replies on a private address', async () => {
    const rep = await newRep();
    const box = createSecretBox(TEST_SECRET_KEY);
    await saveMailAccount(t.database.db, rep.user.id, {
      imap: {
        host: '127.0.0.1',
        port: database.port,
        secure: false,
        user: 'probe',
        passEncrypted: box.encrypt('probe-password'),
      },
    });
    const inbox = await t.request({ method: 'GET', url: '/api/email/inbox', token: rep.token });
    expect(inbox.statusCode, inbox.body).toBe(400);
    expect(inbox.json().message).toBe(PRIVATE_MAIL_HOST);
    const check = await checkReplies(t.database.db, box, rep.user.id);
    expect(check).toEqual({ status: 'failed', error: PRIVATE_MAIL_HOST });
    expect(database.connections()).toBe(0);
  });
});

describe('mail servers on private networks with MAIL_ALLOW_PRIVATE_HOSTS=1', () => {
  beforeEach(() => allowPrivateHosts(true));

  it('connects, and never repeats what a server that is not a mail server sent', async () => {
    const response = await testConnection({ smtp: settings('127.0.0.1', database.port) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      `The server on 127.0.0.1:${database.port} did not answer as an SMTP server. Check the SMTP host and port.`,
    );
    expect(response.body).not.toMatch(/MariaDB|10\.11|\\u0000|Kx8/);
    expect(database.connections()).toBeGreaterThan(0);

    const closed = await testConnection({ smtp: settings('127.0.0.1', closedPort) });
    expect(closed.json().message).toBe(
      `Connection refused: nothing answers on 127.0.0.1:${closedPort}. Check the SMTP host and port.`,
    );
  });

  it('connects to the checked address with TLS for the name as entered (SNI, certificate)', async () => {
    const server = await startTlsServer();
    try {
      const account = { host: 'localhost', port: server.port, secure: true, user: 'u', pass: 'p' };
      const expected = (protocol: string) =>
        `The ${protocol} server's TLS certificate was not accepted: it is self-signed.`;
      await expect(verifySmtpLogin(account)).rejects.toThrow(expected('SMTP'));
      await expect(verifyImapLogin(account)).rejects.toThrow(expected('IMAP'));
      expect(server.names).toEqual(['localhost', 'localhost']);
    } finally {
      await server.stop();
    }
  });

  it('still refuses link-local and cloud metadata addresses, whatever the settings allow', async () => {
    vi.stubEnv('WEBHOOK_ALLOW_PRIVATE_HOSTS', '1');
    for (const host of ['169.254.169.254', 'fd00:ec2::254', '168.63.129.16']) {
      // A rep of their own: the settings check is limited per user.
      const rep = await newRep();
      const response = await t.request({
        method: 'POST',
        url: '/api/email/config',
        token: rep.token,
        payload: { smtp: settings(host, 25), imap: settings(host, 143) },
      });
      expect(response.statusCode, host).toBe(400);
      expect(response.json(), host).toEqual({
        message: NEVER_MAIL_HOST,
        errors: { smtp: NEVER_MAIL_HOST, imap: NEVER_MAIL_HOST },
      });
    }
    for (const host of ['::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '169.254.1.1', 'fe80::1']) {
      await expect(verifySmtpLogin(settings(host, 25)), host).rejects.toThrow(NEVER_MAIL_HOST);
      await expect(verifyImapLogin(settings(host, 143)), host).rejects.toThrow(NEVER_MAIL_HOST);
    }
  });

  it('logs in by name through the checked address (localhost)', async () => {
    const response = await testConnection({
      smtp: {
        host: 'localhost',
        port: smtp.port,
        secure: false,
        user: smtp.user,
        pass: smtp.password,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('MAIL_ALLOW_PRIVATE_HOSTS', () => {
  it('is off unless exactly 1, and any other value stops the start with a clear message', () => {
    expect(readConfig({}).mailAllowPrivateHosts).toBe(false);
    expect(readConfig({ MAIL_ALLOW_PRIVATE_HOSTS: '0' }).mailAllowPrivateHosts).toBe(false);
    expect(readConfig({ MAIL_ALLOW_PRIVATE_HOSTS: '1' }).mailAllowPrivateHosts).toBe(true);
    for (const value of ['true', 'yes', ' 1'])
      expect(() => readConfig({ MAIL_ALLOW_PRIVATE_HOSTS: value })).toThrow(
        /MAIL_ALLOW_PRIVATE_HOSTS must be 1 \(connect to mail servers on private networks\) or 0/,
      );
    expect(mailPrivateHostsAllowed({ MAIL_ALLOW_PRIVATE_HOSTS: '1' })).toBe(true);
    expect(mailPrivateHostsAllowed({ MAIL_ALLOW_PRIVATE_HOSTS: 'true' })).toBe(false);
    expect(mailPrivateHostsAllowed({})).toBe(false);
  });

  it('does not open webhooks, which have WEBHOOK_ALLOW_PRIVATE_HOSTS of their own', () => {
    expect(webhookPrivateHostsAllowed({ MAIL_ALLOW_PRIVATE_HOSTS: '1' })).toBe(false);
    expect(webhookPrivateHostsAllowed({ WEBHOOK_ALLOW_PRIVATE_HOSTS: '1' })).toBe(true);
    expect(webhookPrivateHostsAllowed({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' })).toBe(false);
    expect(mailPrivateHostsAllowed({ WEBHOOK_ALLOW_PRIVATE_HOSTS: '1' })).toBe(false);
    const config = readConfig({ MAIL_ALLOW_PRIVATE_HOSTS: '1' });
    expect(config.webhookAllowPrivateHosts).toBe(false);
    expect(readConfig({ WEBHOOK_ALLOW_PRIVATE_HOSTS: '1' }).webhookAllowPrivateHosts).toBe(true);
    expect(() => readConfig({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'yes' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE_HOSTS must be 1 \(send webhooks to addresses on private networks\) or 0/,
    );
  });
});
