import type { FastifyInstance } from 'fastify';

/**
 * The HTTP requests being answered, so that background work on the embedded database (one
 * connection, one statement at a time) can let them finish between two of its steps: a person
 * waiting on a page goes before an import's next batch.
 */
let underWay = 0;
let waiters: (() => void)[] = [];

const settle = () => {
  if (underWay > 0) return;
  const ready = waiters;
  waiters = [];
  for (const resolve of ready) resolve();
};

/** Counts every request from its arrival until its response is sent or it is aborted. */
export const trackRequests = (app: FastifyInstance): void => {
  app.addHook('onRequest', async (_request, reply) => {
    underWay += 1;
    // 'close' comes once the response is sent, or when the connection goes first.
    reply.raw.once('close', () => {
      underWay -= 1;
      settle();
    });
  });
};

/** Resolves once no request is under way, or after `maxMs` whatever happens (no starvation). */
export const requestsDone = (maxMs: number): Promise<void> =>
  underWay === 0
    ? Promise.resolve()
    : new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter !== done);
          resolve();
        }, maxMs);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        waiters.push(done);
      });
