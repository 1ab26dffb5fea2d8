import net from 'node:net';
import nodemailer from 'nodemailer';
import type { Mail } from 'nodemailer';
import { withMailDeadline } from './deadline.ts';
import { MAIL_TIMEOUT_SECONDS, MailLoginError, explainLoginFailure } from './errors.ts';
import { resolveMailHost } from './host.ts';
import { secretOf } from './secret.ts';
import type { MailSecret } from './secret.ts';
import type { OutboundTarget } from './host.ts';

/** An SMTP account with its password or access token (only ever held in memory, for one send). */
export type SmtpAccount = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
} & MailSecret;

/** nodemailer's `auth`: XOAUTH2 with the access token, else the password (PLAIN/LOGIN). */
const authOf = (account: SmtpAccount) =>
  account.accessToken !== undefined
    ? { type: 'OAuth2' as const, user: account.user, accessToken: account.accessToken }
    : { user: account.user, pass: account.pass };

export type OutgoingMessage = Mail.Options;

/**
 * How long one step with a user's SMTP server may take in all, whatever the server sends
 * meanwhile: setting a connection up (connecting, the greeting, TLS, the login) is one step,
 * handing over one message (its envelope, its data and the server's answer) another. The idle
 * timers below only notice a server that sends nothing; a server that trickles a line every
 * few seconds, or takes a message and never answers, costs at most this, then the connection
 * is destroyed and the send fails with MailDeadlineError.
 */
export const SMTP_COMMAND_DEADLINE_MS = 30_000;

/**
 * How long one pooled connection (a bulk or campaign run, invitations) is used: a message that
 * would not fit in what is left of it goes over a new connection instead, so a run reconnects
 * rather than fails, and no session lasts longer than this.
 */
export const SMTP_SESSION_DEADLINE_MS = 5 * 60_000;

/**
 * A message's step grows with its size, at this slowest upload rate (bytes a second), so that a
 * message with 25 MB of attachments on a slow line is not cut off while it is still moving.
 */
export const SMTP_SLOWEST_UPLOAD_BYTES_PER_SECOND = 100_000;

/** The deadlines of a transport; tests shorten them (the defaults are the constants above). */
export type SmtpDeadlines = { commandMs: number; sessionMs: number };

const DEADLINES: SmtpDeadlines = {
  commandMs: SMTP_COMMAND_DEADLINE_MS,
  sessionMs: SMTP_SESSION_DEADLINE_MS,
};

/** The bytes a message carries, roughly (its text and attachments), for its deadline. */
const sizeOf = (message: OutgoingMessage): number => {
  const length = (content: unknown): number =>
    typeof content === 'string' || Buffer.isBuffer(content) ? Buffer.byteLength(content) : 0;
  let bytes = length(message.html) + length(message.text);
  for (const attachment of message.attachments ?? []) bytes += length(attachment.content);
  return bytes;
};

/** How long handing this message over may take. */
const messageDeadlineMs = (message: OutgoingMessage, deadlines: SmtpDeadlines): number =>
  deadlines.commandMs + Math.ceil((sizeOf(message) / SMTP_SLOWEST_UPLOAD_BYTES_PER_SECOND) * 1000);

/**
 * How to reach the account: at the address its host was checked to resolve to (never the name
 * again: it could resolve elsewhere the second time), with TLS for the host name as entered
 * (SNI and the certificate check); implicit TLS when `secure`, otherwise STARTTLS when the
 * server offers it; certificates are verified; never logs (the AUTH line would carry the
 * password).
 */
const connectionOf = (account: SmtpAccount, target: OutboundTarget, timeoutSeconds: number) => ({
  host: target.address,
  port: account.port,
  secure: account.secure,
  ...(target.servername ? { tls: { servername: target.servername } } : {}),
  auth: authOf(account),
  connectionTimeout: timeoutSeconds * 1000,
  greetingTimeout: timeoutSeconds * 1000,
  socketTimeout: 3 * timeoutSeconds * 1000,
  dnsTimeout: timeoutSeconds * 1000,
  logger: false,
  debug: false,
});

type Transporter = {
  sendMail: (message: OutgoingMessage) => Promise<{ rejected?: unknown[] }>;
  verify: () => Promise<unknown>;
  close: () => void;
};

/**
 * The connections a transporter opens: made here (nodemailer's `getSocket`, which hands it a
 * connected TCP socket; it runs TLS over it itself, implicit or STARTTLS), so that a deadline
 * can destroy them whatever nodemailer is waiting for.
 */
export type SocketLedger = {
  getSocket: (
    options: { host?: string; port?: number; connectionTimeout?: number },
    callback: (error: Error | null, socketOptions?: { connection: net.Socket }) => void,
  ) => void;
  /** Whether a connection is open (the next message of a pool goes over it). */
  open: () => boolean;
  destroyAll: () => void;
};

export const socketLedger = (): SocketLedger => {
  const sockets = new Set<net.Socket>();
  return {
    getSocket: (options, callback) => {
      // connectionOf always names the checked address and the port.
      const socket = net.connect({ host: options.host, port: Number(options.port) });
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      const timeout = setTimeout(
        () => socket.destroy(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })),
        options.connectionTimeout ?? MAIL_TIMEOUT_SECONDS * 1000,
      );
      const settle = (error: Error | null) => {
        clearTimeout(timeout);
        socket.removeListener('connect', connected);
        socket.removeListener('error', failed);
        // Errors after nodemailer let go of the socket (a reset while it is being destroyed).
        socket.on('error', () => undefined);
        if (error) callback(error);
        else callback(null, { connection: socket });
      };
      const connected = () => settle(null);
      const failed = (error: Error) => settle(error);
      socket.once('connect', connected);
      socket.once('error', failed);
    },
    open: () => [...sockets].some((socket) => !socket.destroyed && !socket.connecting),
    destroyAll: () => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
  };
};

/** withMailDeadline for an SMTP step (the system mail's sends use it too). */
export const withSmtpDeadline = <T>(
  ms: number,
  step: 'login' | 'message',
  expire: () => void,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> => withMailDeadline({ protocol: 'SMTP', step, ms }, expire, work);

/** A transport that checks the account's host (resolveMailHost) before it first connects. */
export type SmtpTransport = {
  /** Sends one message; a host that is refused or cannot be found throws as a failed send. */
  sendMail: (message: OutgoingMessage) => Promise<{ rejected?: unknown[] }>;
  /** Connects and logs in, then hangs up. */
  verify: () => Promise<void>;
  close: () => void;
};

/** One nodemailer transporter and the sockets it opened, since `startedAt`. */
type Session = { transporter: Transporter; ledger: SocketLedger; startedAt: number };

/**
 * Each step (a login check, a message) runs within its deadline (withSmtpDeadline); a pooled
 * session is replaced before a message that would not end within SMTP_SESSION_DEADLINE_MS of
 * its start, and after a message that ran out of time.
 */
const checkedTransport = (
  account: SmtpAccount,
  create: (target: OutboundTarget, ledger: SocketLedger) => Transporter,
  options: { pooled: boolean; deadlines: SmtpDeadlines },
): SmtpTransport => {
  const { pooled, deadlines } = options;
  let resolving: Promise<OutboundTarget> | undefined;
  let session: Session | undefined;
  let closed = false;
  const target = () => {
    resolving ??= resolveMailHost(account.host).catch((error: unknown) => {
      // The next message looks the host up again.
      resolving = undefined;
      throw error;
    });
    return resolving;
  };
  /** Ends a session: gracefully (idle connections say goodbye), or at once with `destroy`. */
  const retire = (ending: Session, destroy: boolean) => {
    ending.transporter.close();
    if (destroy) ending.ledger.destroyAll();
    if (session === ending) session = undefined;
  };
  const fits = (current: Session, ms: number) =>
    Date.now() + ms <= current.startedAt + deadlines.sessionMs;
  /** The session for a step of `ms`: a pooled one with too little time left is replaced. */
  const sessionFor = async (ms: number): Promise<Session> => {
    const address = await target();
    if (session && pooled && !fits(session, ms)) retire(session, false);
    if (!session) {
      const ledger = socketLedger();
      session = { transporter: create(address, ledger), ledger, startedAt: Date.now() };
      if (closed) retire(session, true);
    }
    return session;
  };
  /** Runs one step; past its deadline the session it used is destroyed. */
  const step = <T>(
    ms: number,
    kind: 'login' | 'message',
    work: (current: Session, signal: AbortSignal) => Promise<T>,
  ): Promise<T> => {
    let current: Session | undefined;
    return withSmtpDeadline(
      ms,
      kind,
      () => current && retire(current, true),
      async (signal) => {
        current = await sessionFor(ms);
        return work(current, signal);
      },
    );
  };
  return {
    sendMail: (message) => {
      const messageMs = messageDeadlineMs(message, deadlines);
      // A message that has to open a connection also has the step of setting it up.
      const reusing =
        pooled && session !== undefined && session.ledger.open() && fits(session, messageMs);
      const ms = reusing ? messageMs : deadlines.commandMs + messageMs;
      return step(ms, 'message', (current, signal) =>
        current.transporter.sendMail({ ...message, signal }),
      );
    },
    verify: () =>
      step(deadlines.commandMs, 'login', async (current) => {
        await current.transporter.verify();
      }),
    close: () => {
      closed = true;
      if (session) retire(session, false);
    },
  };
};

/** A transport for the account, one connection per message. */
export const createSmtpTransport = (
  account: SmtpAccount,
  timeoutSeconds = MAIL_TIMEOUT_SECONDS,
  deadlines: SmtpDeadlines = DEADLINES,
): SmtpTransport =>
  checkedTransport(
    account,
    (target, ledger) =>
      nodemailer.createTransport({
        ...connectionOf(account, target, timeoutSeconds),
        getSocket: ledger.getSocket,
      }),
    { pooled: false, deadlines },
  );

/**
 * A pooled transport for the many emails of one run: one SMTP connection, logged in once and
 * reused for message after message (a new connection per email would cost a TCP and TLS
 * handshake and a login each time), replaced by a new one when SMTP_SESSION_DEADLINE_MS would
 * pass. Close it when the run stops.
 */
export const createPooledSmtpTransport = (
  account: SmtpAccount,
  timeoutSeconds = MAIL_TIMEOUT_SECONDS,
  deadlines: SmtpDeadlines = DEADLINES,
): SmtpTransport =>
  checkedTransport(
    account,
    (target, ledger) =>
      nodemailer.createTransport({
        pool: true,
        maxConnections: 1,
        maxMessages: Infinity,
        ...connectionOf(account, target, timeoutSeconds),
        getSocket: ledger.getSocket,
      }),
    { pooled: true, deadlines },
  );
export type PooledSmtpTransport = SmtpTransport;

/**
 * Connects and logs in (nodemailer's verify), then hangs up, within SMTP_COMMAND_DEADLINE_MS;
 * throws MailLoginError.
 */
export const verifySmtpLogin = async (
  account: SmtpAccount,
  deadlines: SmtpDeadlines = DEADLINES,
): Promise<void> => {
  const transport = createSmtpTransport(account, MAIL_TIMEOUT_SECONDS, deadlines);
  try {
    await transport.verify();
  } catch (error) {
    throw new MailLoginError(
      explainLoginFailure({ protocol: 'SMTP', ...account, pass: secretOf(account) }, error),
    );
  } finally {
    transport.close();
  }
};
