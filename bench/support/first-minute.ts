// A user's first minute in the product, as the browser asks for it: the sign-in page (its HTML,
// script and the two questions it asks), the sign-in, the session check, the dashboard, the
// leads list and one lead. Every request is timed; a 429/503 with Retry-After is followed the
// way a patient client would (wait, ask again), and each try is recorded.
import { get as httpGet } from 'node:http';

export type Outcome = number | 'timeout' | 'error';

export type Attempt = {
  step: string;
  /** Milliseconds from sending until the whole answer was read (or until given up). */
  ms: number;
  outcome: Outcome;
  retryAfter: string | null;
};

export type UserRun = {
  attempts: Attempt[];
  /** Milliseconds from the user's start until their last page was complete. */
  totalMs: number;
  /** The sequence got every page (after any Retry-After waits). */
  completed: boolean;
};

type Ask = {
  step: string;
  path: string;
  method?: string;
  body?: unknown;
  token?: string;
  /** Read the body as the bytes sent (compressed), not decoded: see `rawGet`. */
  raw?: boolean;
};

type Answer = { status: number; body: string; headers: Headers };

/**
 * A GET whose body is read to the end as sent, with the encodings a browser accepts but not
 * decoded. A browser decodes each user's script in its own process; 200 users decoding a
 * 400 kB script in this one process (fetch decodes on the thread pool) would measure the
 * benchmark, not the server: 12.4 s for 200 scripts through fetch against 2.7 s read raw.
 */
const rawGet = (url: string, timeoutMs: number): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const request = httpGet(
      url,
      { headers: { 'accept-encoding': 'br, gzip' }, signal: AbortSignal.timeout(timeoutMs) },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => {
          const headers = new Headers();
          const retryAfter = response.headers['retry-after'];
          if (typeof retryAfter === 'string') headers.set('retry-after', retryAfter);
          resolve({ status: response.statusCode ?? 0, body: '', headers });
        });
        response.on('error', reject);
      },
    );
    request.on('error', (error) => reject(error.name === 'AbortError' ? timeoutError() : error));
  });

const timeoutError = () => Object.assign(new Error('timed out'), { name: 'TimeoutError' });

const send = async (base: string, request: Ask, timeoutMs: number): Promise<Answer> => {
  if (request.raw) return rawGet(`${base}${request.path}`, timeoutMs);
  const response = await fetch(`${base}${request.path}`, {
    method: request.method ?? 'GET',
    headers: {
      ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, body: await response.text(), headers: response.headers };
};

const RETRIES = 5;
/** A longer Retry-After is not waited out: the user gives up (counted as refused). */
const LONGEST_WAIT_S = 10;

/** One request, repeated after Retry-After while the server says 429/503 (at most RETRIES). */
const ask = async (
  base: string,
  request: Ask,
  timeoutMs: number,
  attempts: Attempt[],
): Promise<{ status: number; body: string } | null> => {
  for (let tries = 0; ; tries += 1) {
    const started = performance.now();
    try {
      const response = await send(base, request, timeoutMs);
      const body = response.body;
      const retryAfter = response.headers.get('retry-after');
      attempts.push({
        step: request.step,
        ms: performance.now() - started,
        outcome: response.status,
        retryAfter,
      });
      if (
        (response.status === 503 || response.status === 429) &&
        retryAfter &&
        Number(retryAfter) <= LONGEST_WAIT_S &&
        tries < RETRIES
      ) {
        await new Promise((resolve) => setTimeout(resolve, Number(retryAfter) * 1000));
        continue;
      }
      return { status: response.status, body };
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      attempts.push({
        step: request.step,
        ms: performance.now() - started,
        outcome: timedOut ? 'timeout' : 'error',
        retryAfter: null,
      });
      return null;
    }
  }
};

const json = <T>(answer: { status: number; body: string } | null): T | null => {
  if (!answer || answer.status < 200 || answer.status >= 300) return null;
  return JSON.parse(answer.body) as T;
};

/** Runs one user's first minute against `base` (http://127.0.0.1:port). */
export const firstMinute = async (
  base: string,
  credentials: { email: string; password: string },
  timeoutMs: number,
): Promise<UserRun> => {
  const started = performance.now();
  const attempts: Attempt[] = [];
  const done = (completed: boolean): UserRun => ({
    attempts,
    totalMs: performance.now() - started,
    completed,
  });
  const page = await ask(base, { step: 'GET /', path: '/' }, timeoutMs, attempts);
  if (!page || page.status !== 200) return done(false);
  const script = /<script[^>]+src="([^"]+)"/.exec(page.body)?.[1];
  const [asset] = await Promise.all([
    script ? ask(base, { step: 'GET script', path: script, raw: true }, timeoutMs, attempts) : null,
    ask(base, { step: 'GET /api/auth/setup', path: '/api/auth/setup' }, timeoutMs, attempts),
    ask(base, { step: 'GET /api/auth/options', path: '/api/auth/options' }, timeoutMs, attempts),
  ]);
  if (script && asset?.status !== 200) return done(false);
  const signin = json<{ token: string }>(
    await ask(
      base,
      {
        step: 'POST /api/auth/signin',
        path: '/api/auth/signin',
        method: 'POST',
        body: credentials,
      },
      timeoutMs,
      attempts,
    ),
  );
  if (!signin) return done(false);
  const token = signin.token;
  const get = (step: string, path: string) => ask(base, { step, path, token }, timeoutMs, attempts);
  const me = await get('GET /api/auth/me', '/api/auth/me');
  const [dashboard, gettingStarted] = await Promise.all([
    get('GET /api/dashboard', '/api/dashboard'),
    get('GET /api/organizations/getting-started', '/api/organizations/getting-started'),
  ]);
  const list = json<{ leads: { _id: string }[] }>(
    await get('GET /api/leads', '/api/leads?page=1&limit=10'),
  );
  const lead = list?.leads[Math.floor(Math.random() * list.leads.length)];
  if (!lead) return done(false);
  const id = encodeURIComponent(lead._id);
  const pages = await Promise.all([
    get('GET /api/leads/:id', `/api/leads/${id}`),
    get('GET /api/leads/:id/activity', `/api/leads/${id}/activity?limit=20`),
    get('GET /api/leads/:id/emails', `/api/leads/${id}/emails?limit=20`),
  ]);
  const ok = (answer: { status: number } | null) =>
    answer !== null && answer.status >= 200 && answer.status < 300;
  return done([me, dashboard, gettingStarted, ...pages].every(ok));
};
