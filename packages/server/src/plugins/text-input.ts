import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.ts';
import { NUL_REFUSED, holdsNul } from '../lib/text.ts';

// Module augmentation is only possible with interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route keeps nothing of its path, query or body as text: NUL needs no refusing. */
    storesNothing?: boolean;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/**
 * PostgreSQL text cannot hold U+0000: a request carrying one in its path, query or JSON body
 * is refused with a 400 before any route sees it, rather than failing in the database.
 */
export const registerTextInputCheck = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    // A route that stores nothing of the request (the tracking pixel) answers as it always does.
    if (request.routeOptions.config?.storesNothing) return;
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body))
      throw badRequest(NUL_REFUSED);
  });
};
