import type { FastifyInstance } from 'fastify';
import { dummyHash } from './lib/passwords.ts';

/** What a visitor's first minute asks for before signing in, and the server's own check. */
const FIRST_PAGES = ['/api/health', '/api/auth/setup', '/api/auth/options', '/', '/login'];

/**
 * The work a fresh process would otherwise do lazily inside the first requests, done before it
 * listens: the hash that unknown emails are checked against, and one pass through the routes
 * a visitor meets first (their handlers, hooks and serializers compiled, the web build read).
 * A burst arriving the moment the server listens then finds it ready.
 */
export const warmUp = async (app: FastifyInstance): Promise<void> => {
  await dummyHash();
  await app.ready();
  for (const url of FIRST_PAGES) await app.inject({ method: 'GET', url });
};
