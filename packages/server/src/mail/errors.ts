/** Where a mail client tried to go, for messages that say what went wrong. */
export type MailEndpoint = {
  protocol: 'SMTP' | 'IMAP';
  host: string;
  port: number;
  secure: boolean;
  /** Redacted from any text taken over from an error. */
  pass?: string;
};

/** A failure to log in, with a message that says why and names no secret. */
export class MailLoginError extends Error {}

/** Seconds a mail server has to connect, greet and answer. */
export const MAIL_TIMEOUT_SECONDS = 10;

export type MailFailure =
  | 'auth'
  | 'no-such-host'
  | 'refused'
  | 'tls-mismatch'
  | 'certificate'
  | 'timeout'
  | 'unreachable'
  | 'other';

type ErrorLike = {
  message?: string;
  code?: string;
  originalCode?: string;
  responseCode?: number;
  authenticationFailed?: boolean;
  serverResponseCode?: string;
  reason?: string;
};

const CERTIFICATE_CODES =
  /^(CERT_|DEPTH_ZERO_SELF_SIGNED|SELF_SIGNED_CERT|UNABLE_TO_|ERR_TLS_CERT)/;
const TLS_MISMATCH =
  /wrong version number|packet length too long|unknown protocol|http request|record layer failure|ERR_SSL_WRONG_VERSION_NUMBER/i;

/** What kind of failure a nodemailer or imapflow error is (their codes differ; so do Node's). */
export const classifyMailError = (error: unknown): MailFailure => {
  const e = (error ?? {}) as ErrorLike;
  const codes = [e.code, e.originalCode].filter(Boolean) as string[];
  const text = `${e.message ?? ''} ${e.reason ?? ''} ${codes.join(' ')}`;
  if (
    e.code === 'EAUTH' ||
    e.responseCode === 535 ||
    e.authenticationFailed === true ||
    e.serverResponseCode === 'AUTHENTICATIONFAILED'
  )
    return 'auth';
  if (codes.some((code) => ['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EDNS'].includes(code)))
    return 'no-such-host';
  if (codes.includes('ECONNREFUSED')) return 'refused';
  if (TLS_MISMATCH.test(text)) return 'tls-mismatch';
  if (codes.some((code) => CERTIFICATE_CODES.test(code))) return 'certificate';
  if (
    codes.some((code) => /TIMEOUT|ETIMEDOUT/.test(code)) ||
    /greeting never received|timed? ?out/i.test(text)
  )
    return 'timeout';
  if (codes.some((code) => ['EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EPIPE'].includes(code)))
    return 'unreachable';
  return 'other';
};

/** An error's own text, one line, short, with the password taken out should it appear. */
export const safeErrorText = (error: unknown, pass?: string): string => {
  const e = (error ?? {}) as ErrorLike;
  let text = String(e.message ?? error ?? 'unknown error')
    .split(/\r?\n/)[0]!
    .trim();
  if (pass) text = text.split(pass).join('[redacted]');
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
};

const TLS_PORT = { SMTP: 465, IMAP: 993 } as const;

/** Why logging in to a mail server failed, in words the rep can act on. */
export const explainLoginFailure = (endpoint: MailEndpoint, error: unknown): string => {
  const { protocol, host, port, secure } = endpoint;
  const where = `${host}:${port}`;
  switch (classifyMailError(error)) {
    case 'auth':
      return `${protocol} login failed: wrong username or password.`;
    case 'no-such-host':
      return `No such host: the ${protocol} server "${host}" could not be found. Check the host name.`;
    case 'refused':
      return `Connection refused: nothing answers on ${where}. Check the ${protocol} host and port.`;
    case 'tls-mismatch':
      return secure
        ? `The server did not answer with TLS on this port: turn Use SSL/TLS off, or use the TLS port (usually ${TLS_PORT[protocol]}).`
        : `The ${protocol} server on ${where} expects TLS: turn Use SSL/TLS on.`;
    case 'certificate':
      return `The ${protocol} server's TLS certificate was not accepted: ${safeErrorText(error)}.`;
    case 'timeout':
      return secure
        ? `The ${protocol} server on ${where} did not answer within ${MAIL_TIMEOUT_SECONDS} seconds (timeout). Check the host and port.`
        : `The ${protocol} server on ${where} did not answer within ${MAIL_TIMEOUT_SECONDS} seconds (timeout). If this port expects SSL/TLS (usually ${TLS_PORT[protocol]}), turn Use SSL/TLS on.`;
    case 'unreachable':
      return `The ${protocol} server on ${where} could not be reached: ${safeErrorText(error, endpoint.pass)}.`;
    default:
      return `${protocol} login failed: ${safeErrorText(error, endpoint.pass)}`;
  }
};

/** Why a send failed at the SMTP server (the 502 message). */
export const explainSendFailure = (endpoint: MailEndpoint, error: unknown): string => {
  const e = (error ?? {}) as ErrorLike & { response?: string };
  const kind = classifyMailError(error);
  if (kind === 'auth')
    return 'The mail server refused the login: wrong username or password. Update your SMTP settings.';
  if (kind !== 'other')
    return `Could not reach the mail server: ${explainLoginFailure(endpoint, error)}`;
  const text = e.response ? String(e.response).trim() : safeErrorText(error, endpoint.pass);
  return `The mail server refused the message: ${safeErrorText({ message: text }, endpoint.pass)}`;
};
