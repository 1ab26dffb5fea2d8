import { createHmac } from 'node:crypto';
import { webhookPrivateHostsAllowed } from '../../config.ts';
import { PrivateAddressError } from '../../lib/outbound-address.ts';
import type { OutboundTarget } from '../../lib/outbound-address.ts';
import {
  OutboundAnswerError,
  outboundHostOf,
  resolveOutboundUrl,
  sendOutbound,
  withDeadline,
} from '../../lib/outbound-http.ts';

/**
 * How long one POST may take in all: looking the host up, connecting, TLS, sending the request,
 * and the receiver's whole answer (status, headers and body). A deadline, not an idle timer: a
 * receiver that keeps sending a byte now and then is cut off all the same.
 */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The error of a POST cut off by its deadline ("No complete answer within 10 s"). */
export const deadlineError = (ms: number): string =>
  `No complete answer within ${Math.round(ms / 100) / 10} s`;

/** `Leadline-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const signatureHeader = (secret: string, body: string, unixSeconds: number): string =>
  `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;

/** What became of one POST: the answer's status, or why there was none. */
export type PostOutcome = {
  ok: boolean;
  status: number | null;
  error: string | null;
  durationMs: number;
};

/** The problem with a URL a user typed, or null when the server may POST to it. */
export const webhookUrlProblem = (url: string): string | null => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'URL must be a valid http or https address';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return 'URL must be a valid http or https address';
  if (parsed.username || parsed.password) return 'URL must not contain a user name or password';
  return null;
};

/** Where a webhook URL leads: the parsed URL and its checked address, or why it may not be used. */
export type WebhookTarget =
  { url: URL; target: OutboundTarget } | { refusal: string; privateHost: boolean };

/**
 * Checks a webhook URL and resolves its host once: refused when it is not http(s) or carries a
 * login, when the host cannot be found, or when it resolves to a loopback, private or reserved
 * address (`privateHost`) unless WEBHOOK_ALLOW_PRIVATE_HOSTS=1, and to a link-local or cloud
 * metadata address whatever the setting. Saving a webhook and every POST both ask it.
 */
export const webhookTarget = async (raw: string): Promise<WebhookTarget> => {
  const problem = webhookUrlProblem(raw);
  if (problem) return { refusal: problem, privateHost: false };
  const url = new URL(raw);
  const host = outboundHostOf(url);
  try {
    return { url, target: await resolveOutboundUrl(url, webhookPrivateHostsAllowed()) };
  } catch (error) {
    if (!(error instanceof PrivateAddressError))
      return { refusal: `${host} could not be found`, privateHost: false };
    return error.always
      ? { refusal: `${host} is a link-local or cloud metadata address`, privateHost: true }
      : { refusal: `${host} is a private or reserved address`, privateHost: true };
  }
};

/**
 * Why the server may not POST to a URL a user is saving (a webhook's, a rule's webhook action),
 * in the words the form shows; null when it may. Each POST checks again (webhookTarget).
 */
export const webhookUrlRefusal = async (raw: string): Promise<string | null> => {
  const resolved = await webhookTarget(raw);
  if (!('refusal' in resolved)) return null;
  return resolved.privateHost
    ? `${resolved.refusal}: webhooks may only be sent to public addresses`
    : resolved.refusal;
};

/**
 * POSTs `body` (JSON) to `url` with the event id and, with a secret, the signature. The host is
 * resolved once and checked (webhookTarget), and the connection goes to the checked address.
 * The whole exchange, the lookup included, ends within `timeoutMs` (WEBHOOK_TIMEOUT_MS): past it
 * the connection is destroyed and the outcome says "No complete answer within 10 s", however
 * busily the receiver was trickling its answer. Never throws: a refusal, the deadline or a
 * network error is an outcome without status. A 2xx answer is a success; redirects are not
 * followed.
 */
export const postEvent = async (options: {
  url: string;
  body: string;
  eventId: string;
  secret?: string;
  /** The deadline of the whole POST; tests shorten it. */
  timeoutMs?: number;
}): Promise<PostOutcome> => {
  const started = Date.now();
  const deadlineMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const done = (status: number | null, error: string | null): PostOutcome => ({
    ok: status !== null && status >= 200 && status < 300,
    status,
    error,
    durationMs: Date.now() - started,
  });
  // Whatever is under way when the deadline passes (the lookup, the connection, the answer) is
  // abandoned; the request, if there is one yet, is destroyed with its socket.
  return withDeadline(
    deadlineMs,
    (signal) =>
      exchange(options, signal, done).catch((error: unknown) =>
        done(null, error instanceof Error ? error.message : String(error)),
      ),
    () => done(null, deadlineError(deadlineMs)),
  );
};

/** The POST itself, given up (its socket destroyed) when `signal` aborts. */
const exchange = async (
  options: { url: string; body: string; eventId: string; secret?: string },
  signal: AbortSignal,
  done: (status: number | null, error: string | null) => PostOutcome,
): Promise<PostOutcome> => {
  const resolved = await webhookTarget(options.url);
  if ('refusal' in resolved) return done(null, resolved.refusal);
  if (signal.aborted) return done(null, null);
  const { url, target } = resolved;
  const headers: Record<string, string | number> = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(options.body),
    'user-agent': 'Leadline-Webhooks',
    'leadline-event-id': options.eventId,
  };
  if (options.secret)
    headers['leadline-signature'] = signatureHeader(
      options.secret,
      options.body,
      Math.floor(Date.now() / 1000),
    );
  try {
    // The answer's body is not kept; it is read so the connection ends cleanly.
    const answer = await sendOutbound({
      url,
      target,
      method: 'POST',
      headers,
      body: options.body,
      signal,
    });
    return done(answer.status, null);
  } catch (error) {
    if (error instanceof OutboundAnswerError) return done(error.status, null);
    const code = (error as NodeJS.ErrnoException).code;
    return done(null, code === 'ECONNREFUSED' ? 'Connection refused' : (error as Error).message);
  }
};
