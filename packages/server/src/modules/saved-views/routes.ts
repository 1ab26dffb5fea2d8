import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswerSchema } from '@leadline/shared/answers';
import { idParamsSchema } from '@leadline/shared/ids';
import {
  VIEW_NOT_FOUND,
  savedViewAnswerSchema,
  savedViewListAnswerSchema,
  savedViewSchema,
  savedViewUpdateSchema,
  savedViewsQuerySchema,
} from '@leadline/shared/saved-views';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import {
  createSavedView,
  deleteSavedView,
  getSavedView,
  listSavedViews,
  updateSavedView,
} from './service.ts';

const idParams = idParamsSchema(VIEW_NOT_FOUND, 404);

/**
 * Saved views: any signed-in member of an organisation; each view needs its list's permission
 * (Leads or Clients), checked by the service.
 */
export const savedViewsRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['saved-views'];
    const member = { access: ['leadsTable', 'allClients'] as ['leadsTable', 'allClients'] };
    const one = { 200: savedViewAnswerSchema };

    app.get(
      '/api/saved-views',
      {
        config: member,
        schema: {
          tags,
          querystring: savedViewsQuerySchema,
          response: { 200: savedViewListAnswerSchema },
        },
      },
      async (request) => listSavedViews(db, userOf(request), request.query.entity),
    );

    app.get(
      '/api/saved-views/:id',
      { config: member, schema: { tags, params: idParams, response: one } },
      async (request) => getSavedView(db, userOf(request), request.params.id),
    );

    app.post(
      '/api/saved-views',
      {
        config: member,
        schema: { tags, body: savedViewSchema, response: { 201: savedViewAnswerSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createSavedView(db, userOf(request), request.body)),
    );

    app.put(
      '/api/saved-views/:id',
      {
        config: member,
        schema: { tags, params: idParams, body: savedViewUpdateSchema, response: one },
      },
      async (request) => updateSavedView(db, userOf(request), request.params.id, request.body),
    );

    app.delete(
      '/api/saved-views/:id',
      {
        config: member,
        schema: { tags, params: idParams, response: { 200: messageAnswerSchema } },
      },
      async (request) => {
        await deleteSavedView(db, userOf(request), request.params.id);
        return { message: 'Saved view deleted' };
      },
    );
  };
