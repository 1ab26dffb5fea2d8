import type { FastifyInstance } from 'fastify';

/**
 * Every /api answer (errors too) carries `Cache-Control: no-store`, so no browser or proxy keeps
 * a copy of personal data or a token; a route that sets its own Cache-Control keeps it.
 */
export const registerNoStore = (app: FastifyInstance): void => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    }
    return payload;
  });
};
