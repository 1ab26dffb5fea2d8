import {
  GOOGLE_PASSWORD_REFUSED,
  MICROSOFT_PASSWORD_REFUSED,
  PASSWORD_REFUSED,
  passwordlessProviderOf,
} from '@leadline/shared/mail-provider-hints';
import { PrivateAddressError } from '../lib/outbound-address.ts';

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

/** What a mail deadline bounded: a login (with the connection before it), a message, a read. */
export type MailDeadlineStep = 'login' | 'message' | 'read' | 'session';

/**
 * A mail server that did not finish a step within its deadline (smtp.ts, imap.ts): whatever it
 * sent meanwhile, the connection was destroyed. Its message is the worded explanation.
 */
export class MailDeadlineError extends Error {
  readonly code = 'EDEADLINE';
  constructor(
    readonly protocol: 'SMTP' | 'IMAP',
    readonly step: MailDeadlineStep,
    readonly deadlineMs: number,
  ) {
    super(deadlineText(protocol, step, deadlineMs));
  }
}

/** "30 seconds", "2 minutes", "1.5 seconds": a deadline as the messages say it. */
const duration = (ms: number): string => {
  if (ms >= 120_000 && ms % 60_000 === 0) return `${ms / 60_000} minutes`;
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
};

const deadlineText = (protocol: 'SMTP' | 'IMAP', step: MailDeadlineStep, ms: number): string => {
  const within = duration(ms);
  switch (step) {
    case 'login':
      return `The ${protocol} server did not finish the connection and login within ${within}, so Leadline hung up. Check the ${protocol} host and port, or try again later.`;
    case 'message':
      return `The mail server did not take the message within ${within}, so Leadline hung up. Try again later.`;
    case 'read':
      return `The IMAP server did not answer within ${within}, so Leadline hung up. Try again later.`;
    default:
      return `The ${protocol} session did not finish within ${within}, so Leadline hung up. Try again later.`;
  }
};

export type MailFailure =
  | 'private'
  | 'deadline'
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
  command?: string;
  response?: string;
  responseStatus?: string;
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

/**
 * The answer to a mail server on a loopback, private, link-local or reserved address, the same
 * for SMTP and IMAP and whatever listens there (nothing is sent to it): a refusal cannot tell
 * which ports of the server's network are open.
 */
export const PRIVATE_MAIL_HOST =
  "This mail server's address is on a private or internal network, and Leadline does not connect to those. Ask whoever runs your Leadline server to allow private mail servers (MAIL_ALLOW_PRIVATE_HOSTS=1).";

/** The answer to a mail server on a link-local or cloud metadata address, which no setting allows. */
export const NEVER_MAIL_HOST =
  "This mail server's address is link-local or a cloud metadata service, and Leadline never connects to those. Check the host name.";

/** The refusal of a mail host, by whether any setting could allow it. */
const privateHostText = (error: unknown): string =>
  error instanceof PrivateAddressError && error.always ? NEVER_MAIL_HOST : PRIVATE_MAIL_HOST;

/** What kind of failure a nodemailer or imapflow error is (their codes differ; so do Node's). */
export const classifyMailError = (error: unknown): MailFailure => {
  if (error instanceof PrivateAddressError) return 'private';
  if (error instanceof MailDeadlineError) return 'deadline';
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

const NON_WORD = String.raw`[^\p{L}\p{M}\p{N}]`;

/**
 * The text with the password replaced by [redacted] wherever it stands as a whole token: at the
 * start or end or next to a space or punctuation, never inside a longer word (a password "p"
 * leaves "response" alone). Only a non-trivial password (4 characters or more, not all spaces)
 * is looked for.
 */
export const redactPassword = (text: string, pass: string | undefined): string => {
  if (!pass || [...pass].length < 4 || pass.trim() === '') return text;
  const escaped = pass.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const token = new RegExp(`(?<=^|${NON_WORD})${escaped}(?=${NON_WORD}|$)`, 'gu');
  return text.replace(token, '[redacted]');
};

/** An error's own text, one line, short, with the password taken out should it appear. */
export const safeErrorText = (error: unknown, pass?: string): string => {
  const e = (error ?? {}) as ErrorLike;
  const line = String(e.message ?? error ?? 'unknown error')
    .split(/\r?\n/)[0]!
    .trim();
  const text = redactPassword(line, pass);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
};

const TLS_PORT = { SMTP: 465, IMAP: 993 } as const;

/** Why a certificate was refused, from Node's code (never the certificate's own text). */
const certificateProblem = (error: unknown): string => {
  const e = (error ?? {}) as ErrorLike;
  const code = [e.code, e.originalCode].find((c) => c && CERTIFICATE_CODES.test(c)) ?? '';
  if (code === 'CERT_HAS_EXPIRED') return 'it has expired';
  if (code === 'CERT_NOT_YET_VALID') return 'it is not valid yet';
  if (/SELF_SIGNED/.test(code)) return 'it is self-signed';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return 'it was issued for another host name';
  if (code.startsWith('UNABLE_TO_')) return 'it is not signed by a known authority';
  return 'it could not be verified';
};

/** A reply code the server gave (digits only, so nothing else of its answer is repeated). */
const smtpCodes = (error: unknown): string | null => {
  const e = (error ?? {}) as ErrorLike;
  if (typeof e.responseCode !== 'number' || e.responseCode < 400 || e.responseCode > 599)
    return null;
  const enhanced = /^\d{3}[ -]([245]\.\d{1,3}\.\d{1,3})(?=\s|$)/.exec(String(e.response ?? ''));
  return enhanced ? `${e.responseCode} ${enhanced[1]}` : String(e.responseCode);
};

const CLOSED_CODES = [
  'ECONNECTION',
  'ClosedAfterConnectText',
  'ClosedAfterConnectTLS',
  'NoConnection',
];

/**
 * A login that failed for none of the known reasons, in fixed words: what the server sent is
 * never repeated (a server that is not a mail server, such as a database, greets with bytes of
 * its own).
 */
const otherLoginFailure = (endpoint: MailEndpoint, error: unknown): string => {
  const { protocol, host, port } = endpoint;
  const e = (error ?? {}) as ErrorLike;
  const smtpCode = e.command === 'CONN' ? null : smtpCodes(error);
  if (smtpCode)
    return `${protocol} login failed: the server answered with error ${smtpCode}. Check the settings your mail provider gives, or try again later.`;
  if (e.responseStatus === 'NO' || e.responseStatus === 'BAD') {
    const code = /^[A-Z-]{1,40}$/.test(e.serverResponseCode ?? '')
      ? ` (${e.serverResponseCode})`
      : '';
    return `${protocol} login failed: the server answered with an error${code}. Check the settings your mail provider gives, or try again later.`;
  }
  if (CLOSED_CODES.includes(e.code ?? ''))
    return `The ${protocol} server on ${host}:${port} closed the connection before the login. Check the host, the port and Use SSL/TLS.`;
  return `The server on ${host}:${port} did not answer as an ${protocol} server. Check the ${protocol} host and port.`;
};

/** Microsoft's answers to a password login it no longer takes (basic authentication off). */
const MICROSOFT_BASIC_AUTH_CODES = ['5.7.139', '5.7.30'];

/**
 * A big provider's refusal of a password: Microsoft's 5.7.139 / 5.7.30 (and 5.7.3 to a login),
 * Google's 534 5.7.9 (app password required) or 5.7.14, or any refused login on their hosts.
 */
const providerRefusal = (endpoint: MailEndpoint, error: unknown): string | null => {
  const [basic, enhanced = ''] = (smtpCodes(error) ?? '').split(' ');
  const login = classifyMailError(error) === 'auth' || basic === '534';
  if (MICROSOFT_BASIC_AUTH_CODES.includes(enhanced) || (login && enhanced === '5.7.3'))
    return MICROSOFT_PASSWORD_REFUSED;
  if (basic === '534' && ['5.7.9', '5.7.14'].includes(enhanced)) return GOOGLE_PASSWORD_REFUSED;
  const provider = login ? passwordlessProviderOf(endpoint.host) : null;
  return provider ? PASSWORD_REFUSED[provider] : null;
};

/** Why logging in to a mail server failed, in words the rep can act on. */
export const explainLoginFailure = (endpoint: MailEndpoint, error: unknown): string => {
  const { protocol, host, port, secure } = endpoint;
  const where = `${host}:${port}`;
  const refusedByProvider = providerRefusal(endpoint, error);
  if (refusedByProvider) return `${protocol} login failed. ${refusedByProvider}`;
  switch (classifyMailError(error)) {
    case 'private':
      return privateHostText(error);
    case 'deadline':
      return (error as MailDeadlineError).message;
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
      return `The ${protocol} server's TLS certificate was not accepted: ${certificateProblem(error)}.`;
    case 'timeout':
      return secure
        ? `The ${protocol} server on ${where} did not answer within ${MAIL_TIMEOUT_SECONDS} seconds (timeout). Check the host and port.`
        : `The ${protocol} server on ${where} did not answer within ${MAIL_TIMEOUT_SECONDS} seconds (timeout). If this port expects SSL/TLS (usually ${TLS_PORT[protocol]}), turn Use SSL/TLS on.`;
    case 'unreachable':
      return /RESET|EPIPE/.test(
        `${(error as ErrorLike)?.code} ${(error as ErrorLike)?.originalCode}`,
      )
        ? `The ${protocol} server on ${where} closed the connection. Check the host, the port and Use SSL/TLS.`
        : `The ${protocol} server on ${where} could not be reached: there is no network route to it from this server.`;
    default:
      return otherLoginFailure(endpoint, error);
  }
};

/** What a refusal of a message means, by its reply code (enhanced code first, RFC 3463). */
const refusalReason = (codes: string): string => {
  const [basic, enhanced = ''] = codes.split(' ');
  if (/^\d\.1\./.test(enhanced)) return 'an address was not accepted (it may not exist)';
  if (/^\d\.2\.2$/.test(enhanced)) return "the recipient's mailbox is full";
  if (/^\d\.(2\.3|3\.4)$/.test(enhanced) || basic === '552') return 'the message is too large';
  if (/^\d\.2\./.test(enhanced)) return "the recipient's mailbox cannot take it";
  if (/^\d\.7\./.test(enhanced))
    return "the server's policy refused it (spam filter, sending limit or permissions)";
  if (basic!.startsWith('4')) return 'the server asks to try again later';
  if (['550', '551', '553'].includes(basic!))
    return 'an address was not accepted (it may not exist)';
  if (basic === '554') return 'the server refused the transaction';
  return 'the server did not accept it';
};

/** Why a send failed at the SMTP server (the 502 message), in fixed words and reply codes. */
export const explainSendFailure = (endpoint: MailEndpoint, error: unknown): string => {
  const kind = classifyMailError(error);
  if (kind === 'private') return privateHostText(error);
  if (kind === 'deadline') return (error as MailDeadlineError).message;
  const refusedByProvider = providerRefusal(endpoint, error);
  if (refusedByProvider) return `The mail server refused the login. ${refusedByProvider}`;
  if (kind === 'auth')
    return 'The mail server refused the login: wrong username or password. Update your SMTP settings.';
  if (kind !== 'other')
    return `Could not reach the mail server: ${explainLoginFailure(endpoint, error)}`;
  const codes = smtpCodes(error);
  if (codes) return `The mail server refused the message (${codes}): ${refusalReason(codes)}.`;
  if (CLOSED_CODES.includes((error as ErrorLike | null)?.code ?? ''))
    return 'The mail server closed the connection before it accepted the message.';
  return 'The mail server refused the message.';
};

/**
 * Why the IMAP server could not read the inbox once logged in, in fixed words: the server's
 * status and response code at most (NO [UNAVAILABLE]), never its text.
 */
export const explainReadFailure = (error: unknown): string => {
  if (error instanceof MailDeadlineError) return error.message;
  const e = (error ?? {}) as ErrorLike;
  const status = e.responseStatus === 'NO' || e.responseStatus === 'BAD' ? e.responseStatus : '';
  const code = /^[A-Z-]{1,40}$/.test(e.serverResponseCode ?? '') ? `[${e.serverResponseCode}]` : '';
  const answer = [status, code].filter(Boolean).join(' ');
  return `The IMAP server could not read the inbox${answer ? ` (it answered ${answer})` : ''}. Try again later, or check the mailbox in your mail client.`;
};
