import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswerSchema } from '@leadline/shared/answers';
import { idParamsSchema } from '@leadline/shared/ids';
import {
  SUPPRESSION_NOT_FOUND,
  suppressionAddSchema,
  suppressionAddedAnswerSchema,
  suppressionImportSchema,
  suppressionListAnswerSchema,
  suppressionListQuerySchema,
  suppressionSettingsAnswerSchema,
  suppressionSettingsSchema,
} from '@leadline/shared/suppression';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import {
  addSuppressions,
  getSuppressionSettings,
  importSuppressions,
  listSuppressions,
  removeSuppression,
  updateSuppressionSettings,
} from './service.ts';

// A malformed id is answered like an unknown entry (404), as one of another organisation is.
const idParams = idParamsSchema(SUPPRESSION_NOT_FOUND, 404);
const added = { 201: suppressionAddedAnswerSchema };
const settings = { 200: suppressionSettingsAnswerSchema };

/** The organisation's suppression list and bounce protection: administrators only. */
export const suppressionRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['suppression'];
    const config = { access: 'admin' as const };

    app.get(
      '/api/suppression',
      {
        config,
        schema: {
          tags,
          querystring: suppressionListQuerySchema,
          response: { 200: suppressionListAnswerSchema },
        },
      },
      async (request) => listSuppressions(db, userOf(request), request.query),
    );

    app.post(
      '/api/suppression',
      { config, schema: { tags, body: suppressionAddSchema, response: added } },
      async (request, reply) =>
        reply.status(201).send(await addSuppressions(db, userOf(request), request.body)),
    );

    app.post(
      '/api/suppression/import',
      {
        config,
        bodyLimit: 2 * 1024 * 1024,
        schema: { tags, body: suppressionImportSchema, response: added },
      },
      async (request, reply) =>
        reply.status(201).send(await importSuppressions(db, userOf(request), request.body)),
    );

    app.get(
      '/api/suppression/settings',
      { config, schema: { tags, response: settings } },
      async (request) => getSuppressionSettings(db, userOf(request)),
    );

    app.put(
      '/api/suppression/settings',
      { config, schema: { tags, body: suppressionSettingsSchema, response: settings } },
      async (request) => updateSuppressionSettings(db, userOf(request), request.body),
    );

    app.delete(
      '/api/suppression/:id',
      { config, schema: { tags, params: idParams, response: { 200: messageAnswerSchema } } },
      async (request) => {
        await removeSuppression(db, userOf(request), request.params.id);
        return { message: 'Removed from the suppression list' };
      },
    );
  };
