import { mailPrivateHostsAllowed } from '../../config.ts';
import {
  OutboundAnswerError,
  outboundHostOf,
  resolveOutboundUrl,
  sendOutbound,
  withDeadline,
} from '../../lib/outbound-http.ts';

/**
 * How long one exchange with a provider may take in all: the lookup, connecting, TLS, the
 * request and the whole answer. A deadline, not an idle timer.
 */
export const OAUTH_HTTP_DEADLINE_MS = 15_000;

/** The most of an answer read (discovery documents and token answers are a few kB). */
const ANSWER_MAX_BYTES = 512 * 1024;

/** An http(s) URL a provider's document gives under `key`, or null. */
export const urlField = (body: Record<string, unknown>, key: string): string | null => {
  const value = body[key];
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

/** A provider's endpoint could not be reached or did not answer in time. */
export class OAuthHttpError extends Error {}

export type OAuthAnswer = { status: number; body: Record<string, unknown> };

const parseJson = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};

export type OAuthFetchOptions = {
  form?: Record<string, string>;
  bearer?: string;
  /** HTTP Basic credentials (an OpenID client's client_secret_basic). */
  basic?: { user: string; password: string };
  deadlineMs?: number;
};

/** RFC 6749 2.3.1: each part form-encoded, then joined and base64'd. */
const basicAuthorization = ({ user, password }: { user: string; password: string }): string => {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(user)}:${encode(password)}`).toString('base64')}`;
};

/**
 * A GET, or a POST of `form` (application/x-www-form-urlencoded), to a provider's endpoint; the
 * answer's JSON (an object; {} when it is not JSON). The host is resolved once and checked like
 * a mail server's (loopback and private addresses only with MAIL_ALLOW_PRIVATE_HOSTS=1), and
 * the connection goes to the checked address. Throws OAuthHttpError past `deadlineMs` or when
 * the endpoint cannot be reached. Nothing is logged (the bodies carry codes and tokens).
 */
export const oauthFetch = async (
  raw: string,
  options: OAuthFetchOptions = {},
): Promise<OAuthAnswer> => {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new OAuthHttpError(`${url.protocol} is not an http(s) address`);
  const deadlineMs = options.deadlineMs ?? OAUTH_HTTP_DEADLINE_MS;
  return withDeadline(
    deadlineMs,
    (signal) => exchange(url, options, signal),
    () => {
      throw new OAuthHttpError(`${url.host} did not answer within ${deadlineMs / 1000} s`);
    },
  );
};

/** The provider's answer, or why there is none in the words OAuthHttpError carries. */
const wordedError = (url: URL, error: unknown): OAuthHttpError => {
  if (!(error instanceof OutboundAnswerError))
    return new OAuthHttpError(`${url.host}: ${(error as Error).message}`);
  return new OAuthHttpError(
    error.tooLarge ? `${url.host} answered more than expected` : error.message,
  );
};

const exchange = async (
  url: URL,
  options: OAuthFetchOptions,
  signal: AbortSignal,
): Promise<OAuthAnswer> => {
  let target;
  try {
    target = await resolveOutboundUrl(url, mailPrivateHostsAllowed());
  } catch (error) {
    throw new OAuthHttpError(
      `${outboundHostOf(url)} cannot be reached: ${(error as Error).message}`,
    );
  }
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  const headers: Record<string, string | number> = {
    accept: 'application/json',
    'user-agent': 'Leadline',
    ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
    ...(options.basic ? { authorization: basicAuthorization(options.basic) } : {}),
    ...(body !== undefined
      ? {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        }
      : {}),
  };
  try {
    const answer = await sendOutbound({
      url,
      target,
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body,
      signal,
      maxAnswerBytes: ANSWER_MAX_BYTES,
    });
    return { status: answer.status ?? 0, body: parseJson(answer.body!.toString('utf8')) };
  } catch (error) {
    throw wordedError(url, error);
  }
};
