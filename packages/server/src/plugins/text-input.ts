import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.ts';
import { NUL_REFUSED, holdsNul } from '../lib/text.ts';

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
