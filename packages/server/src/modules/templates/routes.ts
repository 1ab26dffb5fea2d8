import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswerSchema } from '@leadline/shared/answers';
import { idParamsSchema } from '@leadline/shared/ids';
import { SENDING_PERMISSIONS } from '@leadline/shared/permissions';
import {
  TEMPLATE_NOT_FOUND,
  templateAnswerSchema,
  templateListAnswerSchema,
  templatePreviewAnswerSchema,
  templatePreviewSchema,
  templateSchema,
  templateUpdateSchema,
} from '@leadline/shared/templates';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  previewTemplate,
  updateTemplate,
} from './service.ts';

// A malformed id is answered like an unknown template (404), as another organisation's is.
const idParams = idParamsSchema(TEMPLATE_NOT_FOUND, 404);
const oneTemplate = { 200: templateAnswerSchema };

/** Saved email templates: for users who may send (single, bulk or campaign emails). */
export const templatesRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['templates'];
    const config = { access: SENDING_PERMISSIONS };

    app.get(
      '/api/templates',
      { config, schema: { tags, response: { 200: templateListAnswerSchema } } },
      async (request) => listTemplates(db, userOf(request)),
    );

    app.post(
      '/api/templates',
      { config, schema: { tags, body: templateSchema, response: { 201: templateAnswerSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createTemplate(db, userOf(request), request.body)),
    );

    app.get(
      '/api/templates/:id',
      { config, schema: { tags, params: idParams, response: oneTemplate } },
      async (request) => getTemplate(db, userOf(request), request.params.id),
    );

    app.put(
      '/api/templates/:id',
      {
        config,
        schema: { tags, params: idParams, body: templateUpdateSchema, response: oneTemplate },
      },
      async (request) => updateTemplate(db, userOf(request), request.params.id, request.body),
    );

    app.delete(
      '/api/templates/:id',
      { config, schema: { tags, params: idParams, response: { 200: messageAnswerSchema } } },
      async (request) => {
        await deleteTemplate(db, userOf(request), request.params.id);
        return { message: 'Template deleted' };
      },
    );

    app.post(
      '/api/templates/:id/preview',
      {
        config,
        schema: {
          tags,
          params: idParams,
          body: templatePreviewSchema,
          response: { 200: templatePreviewAnswerSchema },
        },
      },
      async (request) =>
        previewTemplate(db, userOf(request), request.params.id, request.body.leadId),
    );
  };
