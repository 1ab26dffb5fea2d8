import nodemailer from 'nodemailer';
import type { Mail } from 'nodemailer';
import { MAIL_TIMEOUT_SECONDS, MailLoginError, explainLoginFailure } from './errors.ts';

/** An SMTP account with its password in clear (only ever held in memory, for one send). */
export type SmtpAccount = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
};

export type SmtpTransport = ReturnType<typeof createSmtpTransport>;

/**
 * How to reach the account: implicit TLS when `secure`, otherwise STARTTLS when the server
 * offers it; certificates are verified; never logs (the AUTH line would carry the password).
 */
const connectionOf = (account: SmtpAccount, timeoutSeconds: number) => ({
  host: account.host,
  port: account.port,
  secure: account.secure,
  auth: { user: account.user, pass: account.pass },
  connectionTimeout: timeoutSeconds * 1000,
  greetingTimeout: timeoutSeconds * 1000,
  socketTimeout: 3 * timeoutSeconds * 1000,
  dnsTimeout: timeoutSeconds * 1000,
  logger: false,
  debug: false,
});

/** A nodemailer transport for the account, one connection per message. */
export const createSmtpTransport = (account: SmtpAccount, timeoutSeconds = MAIL_TIMEOUT_SECONDS) =>
  nodemailer.createTransport(connectionOf(account, timeoutSeconds));

export type OutgoingMessage = Mail.Options;

/**
 * A pooled transport for the many emails of one run: one SMTP connection, logged in once and
 * reused for message after message (a new connection per email would cost a TCP and TLS
 * handshake and a login each time). Close it when the run stops.
 */
export const createPooledSmtpTransport = (
  account: SmtpAccount,
  timeoutSeconds = MAIL_TIMEOUT_SECONDS,
) =>
  nodemailer.createTransport({
    pool: true,
    maxConnections: 1,
    maxMessages: Infinity,
    ...connectionOf(account, timeoutSeconds),
  });
export type PooledSmtpTransport = ReturnType<typeof createPooledSmtpTransport>;

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
