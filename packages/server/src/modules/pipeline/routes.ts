import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leadAnswerSchema } from '@leadline/shared/leads';
import { idParamsSchema } from '@leadline/shared/ids';
import {
  pipelineAnswerSchema,
  pipelineColumnPageAnswerSchema,
  pipelineColumnQuerySchema,
  pipelineMoveSchema,
  pipelineQuerySchema,
  pipelineStageParamsSchema,
  pipelineStatusParamsSchema,
} from '@leadline/shared/pipeline';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { INVALID_LEAD_ID } from '../leads/service.ts';
import { moveLead, pipelineBoard, pipelineColumn } from './service.ts';

export const pipelineRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['pipeline'];
    const config = { access: 'pipeline' as const };

    app.get(
      '/api/pipeline',
      {
        config,
        schema: {
          tags,
          querystring: pipelineQuerySchema,
          response: { 200: pipelineAnswerSchema },
        },
      },
      async (request) => pipelineBoard(db, userOf(request), request.query),
    );

    app.get(
      '/api/pipeline/:status',
      {
        config,
        schema: {
          tags,
          params: pipelineStatusParamsSchema,
          querystring: pipelineColumnQuerySchema,
          response: { 200: pipelineColumnPageAnswerSchema },
        },
      },
      async (request) =>
        pipelineColumn(db, userOf(request), { status: request.params.status }, request.query),
    );

    app.get(
      '/api/pipeline/stages/:id',
      {
        config,
        schema: {
          tags,
          params: pipelineStageParamsSchema,
          querystring: pipelineColumnQuerySchema,
          response: { 200: pipelineColumnPageAnswerSchema },
        },
      },
      async (request) =>
        pipelineColumn(
          db,
          userOf(request),
          { stageId: request.params.id.toLowerCase() },
          request.query,
        ),
    );

    app.patch(
      '/api/pipeline/leads/:id',
      {
        config,
        schema: {
          tags,
          params: idParamsSchema(INVALID_LEAD_ID),
          body: pipelineMoveSchema,
          response: { 200: leadAnswerSchema },
        },
      },
      async (request) => moveLead(db, userOf(request), request.params.id, request.body),
    );
  };
