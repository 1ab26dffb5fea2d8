import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityQuerySchema } from '@leadline/shared/activity';
import { idParamsSchema } from '@leadline/shared/ids';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { INVALID_LEAD_ID } from '../leads/service.ts';
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
          params: idParamsSchema(INVALID_LEAD_ID),
          querystring: activityQuerySchema.pick({ limit: true }),
        },
      },
      async (request) => leadActivity(db, userOf(request), request.params.id, request.query),
    );
  };
