import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customFieldCreateSchema,
  customFieldListAnswerSchema,
  customFieldListQuerySchema,
  customFieldOneAnswerSchema,
  customFieldUpdateSchema,
} from '@leadline/shared/custom-fields';
import { idParamsSchema } from '@leadline/shared/ids';
import { isAdministrator } from '@leadline/shared/permissions';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import {
  INVALID_FIELD_ID,
  changeField,
  createField,
  deleteField,
  listFields,
  restoreField,
} from './service.ts';

const idParams = idParamsSchema(INVALID_FIELD_ID);
const oneField = { 200: customFieldOneAnswerSchema };

/**
 * The organisation's custom fields: any member reads them (forms and tables render them);
 * administrators make, change, delete and restore them.
 */
export const customFieldsRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['custom-fields'];
    const admin = { access: 'admin' as const };

    app.get(
      '/api/custom-fields',
      {
        config: { access: 'user' },
        schema: {
          tags,
          querystring: customFieldListQuerySchema,
          response: { 200: customFieldListAnswerSchema },
        },
      },
      async (request) => {
        const { entity, deleted } = request.query;
        const wantsDeleted = deleted === 'true';
        if (wantsDeleted) {
          // Only administrators see what was deleted.
          if (!isAdministrator(userOf(request))) return { fields: [] };
        }
        return { fields: await listFields(db, userOf(request), entity, wantsDeleted) };
      },
    );

    app.post(
      '/api/custom-fields',
      {
        config: admin,
        schema: {
          tags,
          body: customFieldCreateSchema,
          response: { 201: customFieldOneAnswerSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createField(db, userOf(request), request.body)),
    );

    app.put(
      '/api/custom-fields/:id',
      {
        config: admin,
        schema: { tags, params: idParams, body: customFieldUpdateSchema, response: oneField },
      },
      async (request) => changeField(db, userOf(request), request.params.id, request.body),
    );

    app.delete(
      '/api/custom-fields/:id',
      { config: admin, schema: { tags, params: idParams, response: oneField } },
      async (request) => deleteField(db, userOf(request), request.params.id),
    );

    app.post(
      '/api/custom-fields/:id/restore',
      { config: admin, schema: { tags, params: idParams, response: oneField } },
      async (request) => restoreField(db, userOf(request), request.params.id),
    );
  };
