import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityQuerySchema } from '@leadline/shared/activity';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { activityFeed, leadActivity } from './service.ts';

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

    // A lead's own history: whoever may see the lead (the Leads page), not the Activity page.
    app.get(
      '/api/leads/:id/activity',
      {
        config: { access: 'leadsTable' },
        schema: {
          tags: ['activity'],
          params: z.object({ id: z.string() }),
          querystring: activityQuerySchema.pick({ limit: true }),
        },
      },
      async (request) => leadActivity(db, userOf(request), request.params.id, request.query),
    );
  };
