import nodemailer from 'nodemailer';
import type { Mail } from 'nodemailer';
import { MAIL_TIMEOUT_SECONDS, MailLoginError, explainLoginFailure } from './errors.ts';
import { resolveMailHost } from './host.ts';
import type { OutboundTarget } from './host.ts';

/** An SMTP account with its password in clear (only ever held in memory, for one send). */
export type SmtpAccount = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
};

export type OutgoingMessage = Mail.Options;

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
  auth: { user: account.user, pass: account.pass },
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

/** A transport that checks the account's host (resolveMailHost) before it first connects. */
export type SmtpTransport = {
  /** Sends one message; a host that is refused or cannot be found throws as a failed send. */
  sendMail: (message: OutgoingMessage) => Promise<{ rejected?: unknown[] }>;
  /** Connects and logs in, then hangs up. */
  verify: () => Promise<void>;
  close: () => void;
};

const checkedTransport = (
  account: SmtpAccount,
  create: (target: OutboundTarget) => Transporter,
): SmtpTransport => {
  let opening: Promise<Transporter> | undefined;
  let closed = false;
  const open = () => {
    opening ??= resolveMailHost(account.host).then(
      (target) => {
        const transport = create(target);
        if (closed) transport.close();
        return transport;
      },
      (error: unknown) => {
        // The next message looks the host up again.
        opening = undefined;
        throw error;
      },
    );
    return opening;
  };
  return {
    sendMail: async (message) => (await open()).sendMail(message),
    verify: async () => {
      await (await open()).verify();
    },
    close: () => {
      closed = true;
      void opening?.then((transport) => transport.close()).catch(() => undefined);
    },
  };
};

/** A transport for the account, one connection per message. */
export const createSmtpTransport = (
  account: SmtpAccount,
  timeoutSeconds = MAIL_TIMEOUT_SECONDS,
): SmtpTransport =>
  checkedTransport(account, (target) =>
    nodemailer.createTransport(connectionOf(account, target, timeoutSeconds)),
  );

/**
 * A pooled transport for the many emails of one run: one SMTP connection, logged in once and
 * reused for message after message (a new connection per email would cost a TCP and TLS
 * handshake and a login each time). Close it when the run stops.
 */
export const createPooledSmtpTransport = (
  account: SmtpAccount,
  timeoutSeconds = MAIL_TIMEOUT_SECONDS,
): SmtpTransport =>
  checkedTransport(account, (target) =>
    nodemailer.createTransport({
      pool: true,
      maxConnections: 1,
      maxMessages: Infinity,
      ...connectionOf(account, target, timeoutSeconds),
    }),
  );
export type PooledSmtpTransport = SmtpTransport;

/** Connects and logs in (nodemailer's verify), then hangs up; throws MailLoginError. */
export const verifySmtpLogin = async (account: SmtpAccount): Promise<void> => {
  const transport = createSmtpTransport(account);
  try {
    await transport.verify();
  } catch (error) {
    throw new MailLoginError(explainLoginFailure({ protocol: 'SMTP', ...account }, error));
  } finally {
    transport.close();
  }
};
