import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.ts';

export const NUL_REFUSED = 'Text cannot contain a null character (\\u0000).';

/** Whether any string (or key) within `value` holds U+0000. Iterative: a body may nest deep. */
export const holdsNul = (value: unknown): boolean => {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
};

/**
 * PostgreSQL text cannot hold U+0000: a request carrying one in its path, query or JSON body
 * is refused with a 400 before any route sees it, rather than failing in the database.
 */
export const registerTextInputCheck = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body))
      throw badRequest(NUL_REFUSED);
  });
};
