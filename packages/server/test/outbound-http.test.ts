import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OAuthHttpError, oauthFetch } from '../src/modules/mail-oauth/http.ts';
import { postEvent } from '../src/modules/webhooks/post.ts';
import { freePort } from './mail-servers.ts';

/*
 * The two outbound HTTP callers (an OAuth provider's endpoint, a webhook receiver) on the one
 * primitive (lib/outbound-http.ts): each keeps its deadline, its answer cap, its address check
 * and its own words for every way an exchange fails.
 */

/** What the receiver does with the next request. */
let answer: (res: ServerResponse) => void = (res) => res.end('{}');
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const privateHosts = (name: string, value: string | undefined) => {
  const before = process.env[name];
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  return () => {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  };
};
let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const oauthError = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(OAuthHttpError);
  return (error as Error).message;
};

describe('oauthFetch', () => {
  it('answers the status and the JSON object, POSTing a form with a bearer', async () => {
    answer = (res) => res.writeHead(201, { 'content-type': 'application/json' }).end('{"a":1}');
    expect(await oauthFetch(`${base}/token`, { form: { code: 'x' }, bearer: 't' })).toEqual({
      status: 201,
      body: { a: 1 },
    });
    answer = (res) => res.end('not json');
    expect(await oauthFetch(`${base}/token`)).toEqual({ status: 200, body: {} });
  });

  it('keeps its words for a deadline, an oversized answer, no connection and a bad scheme', async () => {
    answer = (res) => res.write('{'); // and never ends
    const host = new URL(base).host;
    expect(await oauthError(oauthFetch(`${base}/slow`, { deadlineMs: 300 }))).toBe(
      `${host} did not answer within 0.3 s`,
    );
    answer = (res) => res.end('x'.repeat(600 * 1024));
    expect(await oauthError(oauthFetch(`${base}/big`))).toBe(`${host} answered more than expected`);
    const closed = await freePort();
    expect(await oauthError(oauthFetch(`http://127.0.0.1:${closed}/`))).toBe(
      `127.0.0.1:${closed}: connect ECONNREFUSED 127.0.0.1:${closed}`,
    );
    expect(await oauthError(oauthFetch('ftp://example.test/'))).toBe(
      'ftp: is not an http(s) address',
    );
  });

  it('refuses a loopback host without MAIL_ALLOW_PRIVATE_HOSTS', async () => {
    restore = privateHosts('MAIL_ALLOW_PRIVATE_HOSTS', undefined);
    expect(await oauthError(oauthFetch(`${base}/token`))).toMatch(
      /^127\.0\.0\.1 cannot be reached: /,
    );
  });
});

describe('postEvent', () => {
  const post = (url: string, timeoutMs?: number) =>
    postEvent({ url, body: '{}', eventId: 'evt-1', timeoutMs });

  it('answers the status; a 2xx is a success', async () => {
    answer = (res) => res.writeHead(204).end();
    expect(await post(`${base}/hook`)).toMatchObject({ ok: true, status: 204, error: null });
    answer = (res) => res.writeHead(500).end('x'.repeat(600 * 1024));
    expect(await post(`${base}/hook`)).toMatchObject({ ok: false, status: 500, error: null });
  });

  it('keeps its words for a deadline, no connection and a private address', async () => {
    answer = (res) => res.writeHead(200).write('x'); // and never ends
    expect(await post(`${base}/slow`, 300)).toMatchObject({
      ok: false,
      status: null,
      error: 'No complete answer within 0.3 s',
    });
    const closed = await freePort();
    expect(await post(`http://127.0.0.1:${closed}/`)).toMatchObject({
      status: null,
      error: 'Connection refused',
    });
    restore = privateHosts('WEBHOOK_ALLOW_PRIVATE_HOSTS', undefined);
    expect(await post(`${base}/hook`)).toMatchObject({
      status: null,
      error: '127.0.0.1 is a private or reserved address',
    });
  });
});
