import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@leadline/shared/ids';
import {
  INVALID_STAGE_ID,
  stageAnswerSchema,
  stageCreateSchema,
  stageDeleteQuerySchema,
  stageOrderSchema,
  stagesAnswerSchema,
  stageUpdateSchema,
} from '@leadline/shared/stages';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { createStage, deleteStage, listStages, reorderStages, updateStage } from './service.ts';

const idParams = idParamsSchema(INVALID_STAGE_ID, 404);

export const stagesRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['stages'];
    // Read by every member (the board, the lead drawer); changed by Admins only.
    const admin = { access: 'admin' as const };

    app.get(
      '/api/stages',
      { config: { access: 'user' }, schema: { tags, response: { 200: stagesAnswerSchema } } },
      async (request) => listStages(db, userOf(request)),
    );

    app.post(
      '/api/stages',
      {
        config: admin,
        schema: { tags, body: stageCreateSchema, response: { 201: stageAnswerSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createStage(db, userOf(request), request.body)),
    );

    app.put(
      '/api/stages/order',
      {
        config: admin,
        schema: { tags, body: stageOrderSchema, response: { 200: stagesAnswerSchema } },
      },
      async (request) => reorderStages(db, userOf(request), request.body.ids),
    );

    app.put(
      '/api/stages/:id',
      {
        config: admin,
        schema: {
          tags,
          params: idParams,
          body: stageUpdateSchema,
          response: { 200: stageAnswerSchema },
        },
      },
      async (request) =>
        updateStage(db, userOf(request), request.params.id.toLowerCase(), request.body),
    );

    app.delete(
      '/api/stages/:id',
      {
        config: admin,
        schema: {
          tags,
          params: idParams,
          querystring: stageDeleteQuerySchema,
          response: { 200: z.object({ message: z.string(), moved: z.number() }) },
        },
      },
      async (request) =>
        deleteStage(db, userOf(request), request.params.id.toLowerCase(), request.query.moveTo),
    );
  };
