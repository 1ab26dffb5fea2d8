import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { resolveOutboundHost } from './outbound-address.ts';
import type { OutboundTarget } from './outbound-address.ts';

/*
 * One outbound HTTP exchange to an address a user or a provider gave (an OAuth provider's
 * endpoint, a webhook receiver): the host resolved once and checked (outbound-address.ts), the
 * connection made to the checked address, the whole exchange under one deadline, the answer
 * kept up to a size cap. The callers word the errors.
 */

/** The URL's host as the resolver wants it (an IPv6 literal without its brackets). */
export const outboundHostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Resolves the URL's host once and checks the address: loopback and private addresses only
 * with `allowPrivate`; throws what resolveOutboundHost throws.
 */
export const resolveOutboundUrl = (url: URL, allowPrivate: boolean): Promise<OutboundTarget> =>
  resolveOutboundHost(outboundHostOf(url), { allowPrivate });

/**
 * Runs `work` under one deadline: past `deadlineMs` the answer is `late()` (what it answers or
 * throws) and `work`'s signal aborts, destroying whatever it had under way (the lookup's wait,
 * the connection, the answer being read). A deadline, not an idle timer.
 */
export const withDeadline = async <T>(
  deadlineMs: number,
  work: (signal: AbortSignal) => Promise<T>,
  late: () => T,
): Promise<T> => {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const cutOff = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(late());
      } catch (error) {
        reject(error as Error);
      }
      abort.abort();
    }, deadlineMs);
  });
  const running = work(abort.signal);
  running.catch(() => undefined);
  try {
    return await Promise.race([running, cutOff]);
  } finally {
    clearTimeout(timer);
  }
};

/** The answer broke off while it was read, or (`tooLarge`) went past the size cap. */
export class OutboundAnswerError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

export type OutboundRequest = {
  url: URL;
  /** The checked address the connection goes to (resolveOutboundUrl). */
  target: OutboundTarget;
  method: 'GET' | 'POST';
  headers: Record<string, string | number>;
  body?: string;
  signal: AbortSignal;
  /** The most of the answer kept; without it the answer is read and dropped. */
  maxAnswerBytes?: number;
};

/** The answer's status and (with a size cap) its body. */
export type OutboundAnswer = { status: number | null; body: Buffer | null };

/**
 * Sends one request to the checked address (the URL's host in the Host header and for TLS) and
 * reads the whole answer; redirects are not followed. Rejects with the request's own error
 * when there is no answer, and with OutboundAnswerError when the answer breaks off or is larger
 * than `maxAnswerBytes` (the connection is then destroyed).
 */
export const sendOutbound = (request: OutboundRequest): Promise<OutboundAnswer> => {
  const { url, target, maxAnswerBytes } = request;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const req = send(
      {
        protocol: url.protocol,
        host: target.address,
        family: target.family,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: { ...request.headers, host: url.host },
        servername: target.servername,
        signal: request.signal,
      },
      (res) => {
        const status = res.statusCode ?? null;
        const chunks: Buffer[] = [];
        let size = 0;
        if (maxAnswerBytes === undefined) res.resume();
        else
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxAnswerBytes) {
              req.destroy();
              reject(new OutboundAnswerError('answer too large', status, true));
            } else chunks.push(chunk);
          });
        res.on('end', () =>
          resolve({
            status,
            body: maxAnswerBytes === undefined ? null : Buffer.concat(chunks),
          }),
        );
        res.on('error', (error) => reject(new OutboundAnswerError(error.message, status)));
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
};
