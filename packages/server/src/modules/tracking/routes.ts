import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidSchema } from '@leadline/shared/ids';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { INVALID_LEAD_ID } from '../leads/service.ts';
import { registerTrackingEndpoints } from './endpoints.ts';
import type { WriterOptions } from './writer.ts';
import { leadEmailHits } from './service.ts';

const hitsParams = z.object({
  id: uuidSchema(INVALID_LEAD_ID),
  emailId: uuidSchema('Invalid email ID', 404),
});

/** The public pixel and click endpoints, and an email's hits for the lead's readers. */
export const trackingRoutes =
  (db: Db, secretKey: string, writer?: WriterOptions): FastifyPluginAsyncZod =>
  async (app) => {
    registerTrackingEndpoints(app, db, secretKey, writer);
    app.get(
      '/api/leads/:id/emails/:emailId/hits',
      {
        config: { access: 'leadsTable' },
        schema: { tags: ['leads', 'email'], params: hitsParams },
      },
      async (request) =>
        leadEmailHits(db, userOf(request), request.params.id, request.params.emailId),
    );
  };
