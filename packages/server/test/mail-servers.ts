import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerAddress, SMTPServerOptions } from 'smtp-server';
import { pathOf, requirePrerequisites } from '../../../scripts/test-prerequisites.mjs';

/** A free TCP port on the loopback interface (closed again, so nothing answers on it). */
export const freePort = async (): Promise<number> => {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
};

const waitForPort = async (port: number, timeoutMs: number, exited: () => boolean) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('the server exited while starting');
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listened on port ${port} within ${timeoutMs} ms`);
};

export type ReceivedMessage = {
  /** The envelope: MAIL FROM and every RCPT TO (bcc recipients appear here only). */
  from: string;
  recipients: string[];
  /** The message as it arrived, headers and body. */
  raw: Buffer;
};

export type TestSmtpServer = {
  host: string;
  port: number;
  user: string;
  password: string;
  messages: ReceivedMessage[];
  /** The username of every successful login (a settings check logs in too). */
  logins: string[];
  /** Resolves once at least `count` messages have arrived. */
  waitForMessages: (count: number, timeoutMs?: number) => Promise<ReceivedMessage[]>;
  stop: () => Promise<void>;
};

/** An smtp-server onData that keeps every message (envelope and raw source) in `messages`. */
export const keepMessages =
  (messages: ReceivedMessage[]): SMTPServerOptions['onData'] =>
  (stream, session, callback) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      messages.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks),
      });
      callback();
    });
  };

/** Recipients whose address starts with this are refused with 550 (a failed send). */
/** The SMTP part of POST /api/email/config for a test server (plain, no STARTTLS). */
export const smtpSettingsOf = (smtp: {
  host: string;
  port: number;
  user: string;
  password: string;
}) => ({ host: smtp.host, port: smtp.port, secure: false, user: smtp.user, pass: smtp.password });

export const REJECTED_PREFIX = 'nobody-here';

/**
 * smtp-server on a free loopback port: plain SMTP (no STARTTLS, so nodemailer logs in over
 * the plain connection), one account, every message kept with its raw source.
 */
export const startSmtpServer = async (
  options: {
    user?: string;
    password?: string;
    /** Refuse every login with this reply, as Microsoft 365 or Google refuse a password. */
    refuseLogins?: { code: number; text: string };
    /** Refuse every recipient with 550 (read at each one: a test may change it). */
    refuseRecipients?: boolean;
  } = {},
): Promise<TestSmtpServer> => {
  const user = options.user ?? 'rep@mail.test';
  const password = options.password ?? 'smtp-secret-password';
  const messages: ReceivedMessage[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    size: 50 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (options.refuseLogins) {
        const { code, text } = options.refuseLogins;
        return callback(Object.assign(new Error(text), { responseCode: code }));
      }
      if (auth.username === user && auth.password === password) {
        logins.push(auth.username);
        return callback(null, { user });
      }
      const error = new Error('Authentication credentials invalid') as Error & {
        responseCode: number;
      };
      error.responseCode = 535;
      return callback(error);
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (options.refuseRecipients || address.address.startsWith(REJECTED_PREFIX)) {
        const error = new Error('5.1.1 No such user here') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      return callback();
    },
    onData: keepMessages(messages),
  });
  // A client that gives up mid-handshake is reported as an error event: not a test failure.
  server.on('error', () => undefined);
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as net.AddressInfo;

  const waitForMessages = async (count: number, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (messages.length < count) {
      if (Date.now() > deadline)
        throw new Error(`expected ${count} messages, got ${messages.length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return messages;
  };

  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    messages,
    logins,
    waitForMessages,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type TestImapServer = {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Dovecot's own log (for a failing test). */
  log: () => string;
  stop: () => Promise<void>;
};

const DOVECOT = pathOf('Dovecot');

/**
 * Dovecot from a config in a temporary directory: IMAP only, on a free loopback port,
 * `ssl = no`, one passwd-file user, maildirs under the directory. As root the mail processes
 * run as nobody:nogroup (the maildir is theirs) and the login processes as the package's
 * dovenull; as another user every process runs as that user. Started in the foreground (-F)
 * as a child of the test process and stopped with SIGTERM (the master stops its children).
 * Dovecot's auth penalty slows the next login from the same address after a failed one (by
 * about 4 s): tests try the right password before the wrong one where they can.
 */
export const startImapServer = async (
  options: {
    user?: string;
    password?: string;
    /**
     * Also XOAUTH2 / OAUTHBEARER: each token checked by a GET to this URL with it as the bearer
     * (the answer's `active` and `email`: Dovecot's oauth2 passdb, introspection_mode = auth).
     */
    oauth2IntrospectionUrl?: string;
  } = {},
): Promise<TestImapServer> => {
  // Missing Dovecot fails the test at once, saying how to install it (never a timeout).
  requirePrerequisites(['Dovecot']);
  const user = options.user ?? 'rep@mail.test';
  const password = options.password ?? 'imap-secret-password';
  const dir = mkdtempSync(join(tmpdir(), 'leadline-dovecot-'));
  // Dovecot's unprivileged processes must reach their sockets and the users file.
  chmodSync(dir, 0o755);
  const mailDir = join(dir, 'mail');
  for (const sub of ['run', 'state', 'mail']) mkdirSync(join(dir, sub));
  const root = process.getuid?.() === 0;
  const me = userInfo();
  if (root) chownSync(mailDir, 65534, 65534);
  writeFileSync(join(dir, 'users'), `${user}:{PLAIN}${password}\n`, { mode: 0o644 });
  const port = await freePort();
  const logPath = join(dir, 'dovecot.log');
  const identity = root
    ? 'uid=nobody gid=nogroup'
    : `uid=${me.uid} gid=${process.getgid?.() ?? me.uid}`;
  const unprivileged = root
    ? ''
    : `default_internal_user = ${me.username}\ndefault_login_user = ${me.username}\ndefault_internal_group = ${me.username}\n`;
  const config = `# Leadline test IMAP server
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = leadline-test-${port}
log_path = ${logPath}
${unprivileged}ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${options.oauth2IntrospectionUrl ? ' xoauth2 oauthbearer' : ''}
auth_failure_delay = 0
${
  options.oauth2IntrospectionUrl
    ? `passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${dir}/oauth2.conf
}
`
    : ''
}passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = ${identity} home=${mailDir}/%u
}
mail_location = maildir:~/Maildir
namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`;
  const configPath = join(dir, 'dovecot.conf');
  writeFileSync(configPath, config);
  if (options.oauth2IntrospectionUrl)
    writeFileSync(
      join(dir, 'oauth2.conf'),
      `introspection_mode = auth\nintrospection_url = ${options.oauth2IntrospectionUrl}\nusername_attribute = email\nactive_attribute = active\nactive_value = true\n`,
      { mode: 0o644 },
    );
  const log = () => {
    try {
      return readFileSync(logPath, 'utf8');
    } catch {
      return '';
    }
  };
  const child: ChildProcess = spawn(DOVECOT, ['-c', configPath, '-F'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += String(chunk)));
  let exited = false;
  child.once('exit', () => (exited = true));
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, 10_000, () => exited);
  } catch (error) {
    await stop();
    throw new Error(`Dovecot did not start: ${(error as Error).message}\n${stderr}\n${log()}`);
  }
  return { host: '127.0.0.1', port, user, password, log, stop };
};

/** Where a test IMAP server listens and whose mailbox it keeps (a TestImapServer will do). */
export type ImapMailbox = Pick<TestImapServer, 'host' | 'port' | 'user' | 'password'>;

/** Runs `work` logged in to the mailbox as its owner (as a mail client would). */
export const asMailboxOwner = async <T>(
  mailbox: ImapMailbox,
  work: (client: ImapFlow) => Promise<T>,
): Promise<T> => {
  const client = new ImapFlow({
    host: mailbox.host,
    port: mailbox.port,
    secure: false,
    auth: { user: mailbox.user, pass: mailbox.password },
    logger: false,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout();
  }
};

/** Appends the raw messages to the mailbox's INBOX in order, as mail arrives; returns the UIDs. */
export const appendToInbox = (
  mailbox: ImapMailbox,
  messages: readonly (Buffer | string)[],
): Promise<number[]> =>
  asMailboxOwner(mailbox, async (client) => {
    const uids: number[] = [];
    for (const raw of messages) {
      const result = await client.append('INBOX', raw);
      if (!result || !result.uid) throw new Error('append gave no UID');
      uids.push(result.uid);
    }
    return uids;
  });

/** A multipart/form-data body of text fields (a list repeats the field) and files. */
export const formData = (
  fields: Record<string, string | string[]>,
  files: { field?: string; filename: string; content: Buffer | string }[] = [],
) => {
  const boundary = `----leadline${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`,
        ),
      );
    }
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'attachments'}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};
