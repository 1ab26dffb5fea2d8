import type { FastifyInstance } from 'fastify';
import { POSTGRES_POOL_SIZE } from '../db/connection.ts';
import { createWorkQueue } from '../lib/work-queue.ts';

export const SERVER_BUSY =
  'The server is busy with many people at once. Please try again in a few seconds.';

// Module augmentation is only possible with interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: a read never queued (the health check, the sign-in page's two questions). */
    readGate?: false;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export type ReadGateOptions = {
  /** API reads answered at once; the others wait their turn, first come first served. */
  concurrency: number;
  /** A read whose expected wait is longer is answered 503 with Retry-After at once. */
  maxWaitMs?: number;
};

/** API reads go through the gate; the API's documentation pages (Swagger UI's own routes) do not. */
const isGatedRead = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') &&
  url.startsWith('/api/') &&
  !url.startsWith('/api/docs');

/**
 * A burst (the whole office opening the product at nine) queues fairly instead of piling onto
 * the database at once: at most `concurrency` API reads are worked on, the others wait in
 * arrival order, and one that would wait longer than `maxWaitMs` is answered 503 with
 * Retry-After at once (the web app asks again then). On the embedded database every query runs
 * on the one thread that also serves the pages and scripts, so without the gate a burst of reads
 * makes even the sign-in page's script wait for all of them. Writes are a person's own action
 * and never refused for load; the health check, static files and the sign-in page's two
 * questions (`readGate: false`) are never gated.
 * Registered before the guard, so the token check's own query waits its turn too.
 */
export const registerReadGate = (app: FastifyInstance, options: ReadGateOptions): void => {
  const gate = createWorkQueue({
    concurrency: options.concurrency,
    maxWaitMs: options.maxWaitMs ?? 2500,
    initialTaskMs: 20,
    busyMessage: SERVER_BUSY,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!isGatedRead(request.method, request.url)) return;
    if (request.routeOptions.config?.readGate === false) return;
    // 'close' comes once the answer is sent, or when the client went first (perhaps while
    // still waiting in line: its slot is then given back as soon as it gets one).
    const slot: { release?: () => void; closed?: boolean } = {};
    reply.raw.once('close', () => {
      slot.closed = true;
      slot.release?.();
    });
    slot.release = await gate.acquire();
    if (slot.closed) slot.release();
  });
};

/**
 * The embedded database runs one statement at a time on the server's own thread: a few reads
 * at once keep it busy without making the rest of the server wait. A PostgreSQL server works
 * on the pool's connections in parallel; reads take all but two of them, so a sign-in or a
 * write always finds a connection free instead of queueing behind reads.
 */
export const readConcurrency = (kind: 'pglite' | 'postgres'): number =>
  kind === 'pglite' ? 4 : POSTGRES_POOL_SIZE - 2;
