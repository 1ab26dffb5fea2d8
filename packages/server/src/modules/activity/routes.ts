import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityQuerySchema } from '@leadline/shared/activity';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { activityFeed } from './service.ts';

export const activityRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/activity',
      {
        config: { access: 'activity' },
        schema: { tags: ['activity'], querystring: activityQuerySchema },
      },
      async (request) => activityFeed(db, userOf(request), request.query),
    );
  };
