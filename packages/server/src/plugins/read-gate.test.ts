import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection.ts';
import { healthRoutes } from '../modules/health/routes.ts';
import { registerErrorHandling } from './errors.ts';
import { SERVER_BUSY, registerReadGate } from './read-gate.ts';

/** A server whose reads end when told to; one read at a time, a short allowed wait. */
const gatedServer = async () => {
  const app = Fastify();
  registerErrorHandling(app);
  // Reads are taken to last 20 ms until one has been timed: four may wait, a fifth would wait
  // 100 ms, more than allowed.
  registerReadGate(app, { concurrency: 1, maxWaitMs: 90 });
  const pending: (() => void)[] = [];
  let started = 0;
  const held = async () => {
    started += 1;
    await new Promise<void>((resolve) => pending.push(resolve));
    return { ok: true };
  };
  app.get('/api/slow', held);
  app.post('/api/slow', held);
  // The product's own health check, on a database that always answers.
  await app.register(healthRoutes({ execute: async () => ({ rows: [] }) } as unknown as Db));
  app.get('/api/free', { config: { readGate: false } }, async () => ({ ok: true }));
  app.get('/page', async () => 'page');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const finishOne = () => pending.shift()?.();
  return { app, url, finishOne, started: () => started };
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the read gate', () => {
  it('works on one read at a time in arrival order, refuses a long wait with 503 and Retry-After', async () => {
    const server = await gatedServer();
    close = () => server.app.close();
    const order: number[] = [];
    const reads = [];
    for (let i = 0; i < 5; i += 1) {
      reads.push(fetch(`${server.url}/api/slow`).then((r) => (order.push(i), r.status)));
      await tick(10);
    }
    await tick();
    expect(server.started()).toBe(1);
    const refused = await fetch(`${server.url}/api/slow`);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { message: string }).message).toBe(SERVER_BUSY);
    // Never queued: writes, the health check, a route that opts out, pages.
    const post = fetch(`${server.url}/api/slow`, { method: 'POST' });
    await tick();
    expect(server.started()).toBe(2);
    for (const path of ['/api/health', '/api/free', '/page'])
      expect((await fetch(`${server.url}${path}`)).status).toBe(200);
    for (let i = 0; i < 6; i += 1) {
      server.finishOne();
      await tick();
    }
    expect(await Promise.all(reads)).toEqual([200, 200, 200, 200, 200]);
    expect((await post).status).toBe(200);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives back the slot of a client that left while waiting', async () => {
    const server = await gatedServer();
    close = () => server.app.close();
    const first = fetch(`${server.url}/api/slow`);
    await tick();
    const leaving = new AbortController();
    const left = fetch(`${server.url}/api/slow`, { signal: leaving.signal }).catch(() => null);
    await tick();
    leaving.abort();
    await left;
    server.finishOne();
    expect((await first).status).toBe(200);
    await tick();
    // The one that left got its turn and gave it back; then its handler ran and is released.
    server.finishOne();
    await tick();
    const next = fetch(`${server.url}/api/slow`);
    await tick();
    server.finishOne();
    expect((await next).status).toBe(200);
  });
});
