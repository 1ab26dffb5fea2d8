import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { mailPrivateHostsAllowed } from '../../config.ts';
import { resolveOutboundHost } from '../../lib/outbound-address.ts';

/**
 * How long one exchange with a provider may take in all: the lookup, connecting, TLS, the
 * request and the whole answer. A deadline, not an idle timer.
 */
export const OAUTH_HTTP_DEADLINE_MS = 15_000;

/** The most of an answer read (discovery documents and token answers are a few kB). */
const ANSWER_MAX_BYTES = 512 * 1024;

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

/**
 * A GET, or a POST of `form` (application/x-www-form-urlencoded), to a provider's endpoint; the
 * answer's JSON (an object; {} when it is not JSON). The host is resolved once and checked like
 * a mail server's (loopback and private addresses only with MAIL_ALLOW_PRIVATE_HOSTS=1), and
 * the connection goes to the checked address. Throws OAuthHttpError past `deadlineMs` or when
 * the endpoint cannot be reached. Nothing is logged (the bodies carry codes and tokens).
 */
export const oauthFetch = async (
  raw: string,
  options: { form?: Record<string, string>; bearer?: string; deadlineMs?: number } = {},
): Promise<OAuthAnswer> => {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new OAuthHttpError(`${url.protocol} is not an http(s) address`);
  const deadlineMs = options.deadlineMs ?? OAUTH_HTTP_DEADLINE_MS;
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new OAuthHttpError(`${url.host} did not answer within ${deadlineMs / 1000} s`));
      abort.abort();
    }, deadlineMs);
  });
  const work = exchange(url, options, abort.signal);
  work.catch(() => undefined);
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
};

const exchange = async (
  url: URL,
  options: { form?: Record<string, string>; bearer?: string },
  signal: AbortSignal,
): Promise<OAuthAnswer> => {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let target;
  try {
    target = await resolveOutboundHost(host, { allowPrivate: mailPrivateHostsAllowed() });
  } catch (error) {
    throw new OAuthHttpError(`${host} cannot be reached: ${(error as Error).message}`);
  }
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  const headers: Record<string, string | number> = {
    accept: 'application/json',
    host: url.host,
    'user-agent': 'Leadline',
    ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
    ...(body !== undefined
      ? {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        }
      : {}),
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<OAuthAnswer>((resolve, reject) => {
    const req = send(
      {
        protocol: url.protocol,
        host: target.address,
        family: target.family,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: body === undefined ? 'GET' : 'POST',
        headers,
        servername: target.servername,
        signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > ANSWER_MAX_BYTES) {
            req.destroy();
            reject(new OAuthHttpError(`${url.host} answered more than expected`));
          } else chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: parseJson(Buffer.concat(chunks).toString('utf8')),
          }),
        );
        res.on('error', (error) => reject(new OAuthHttpError(error.message)));
      },
    );
    req.on('error', (error) => reject(new OAuthHttpError(`${url.host}: ${error.message}`)));
    req.end(body);
  });
};
