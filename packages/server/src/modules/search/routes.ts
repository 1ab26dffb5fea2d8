import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchAnswerSchema, searchQuerySchema } from '@leadline/shared/search';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { searchEverything } from './service.ts';

/** Search over everything: any signed-in user, each kind of record by its page's permission. */
export const searchRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/search',
      {
        config: { access: 'user' },
        schema: {
          tags: ['search'],
          querystring: searchQuerySchema,
          response: { 200: searchAnswerSchema },
        },
      },
      async (request) => ({
        results: await searchEverything(db, userOf(request), request.query.q),
      }),
    );
  };
