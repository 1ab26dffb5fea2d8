import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswerSchema } from '@leadline/shared/answers';
import {
  INVALID_AUTOMATION_ID,
  automationAnswerSchema,
  automationCreateSchema,
  automationOptionsAnswerSchema,
  automationRunAnswerSchema,
  automationUpdateSchema,
} from '@leadline/shared/automation';
import { idParamsSchema } from '@leadline/shared/ids';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import {
  automationOptions,
  createAutomation,
  deleteAutomation,
  getAutomation,
  listAutomations,
  listRuns,
  updateAutomation,
} from './service.ts';
import { callerWho } from '../audit/record.ts';

const params = idParamsSchema(INVALID_AUTOMATION_ID, 404);
const ruleAnswer = z.object({ automation: automationAnswerSchema });

/** Automation rules and their runs: the `automation` permission (Admins hold it). */
export const automationRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['automation'];
    const config = { access: 'automation' as const };

    app.get(
      '/api/automations',
      {
        config,
        schema: {
          tags,
          response: { 200: z.object({ automations: z.array(automationAnswerSchema) }) },
        },
      },
      async (request) => ({ automations: await listAutomations(db, userOf(request)) }),
    );

    app.get(
      '/api/automations/options',
      { config, schema: { tags, response: { 200: automationOptionsAnswerSchema } } },
      async (request) => automationOptions(db, userOf(request)),
    );

    app.post(
      '/api/automations',
      { config, schema: { tags, body: automationCreateSchema, response: { 201: ruleAnswer } } },
      async (request, reply) =>
        reply.status(201).send({
          automation: await createAutomation(db, userOf(request), request.body, callerWho(request)),
        }),
    );

    app.get(
      '/api/automations/:id',
      { config, schema: { tags, params, response: { 200: ruleAnswer } } },
      async (request) => ({
        automation: await getAutomation(db, userOf(request), request.params.id),
      }),
    );

    app.put(
      '/api/automations/:id',
      {
        config,
        schema: { tags, params, body: automationUpdateSchema, response: { 200: ruleAnswer } },
      },
      async (request) => ({
        automation: await updateAutomation(
          db,
          userOf(request),
          request.params.id,
          request.body,
          callerWho(request),
        ),
      }),
    );

    app.delete(
      '/api/automations/:id',
      { config, schema: { tags, params, response: { 200: messageAnswerSchema } } },
      async (request) => {
        await deleteAutomation(db, userOf(request), request.params.id, callerWho(request));
        return { message: 'Automation rule deleted' };
      },
    );

    app.get(
      '/api/automations/:id/runs',
      {
        config,
        schema: {
          tags,
          params,
          response: { 200: z.object({ runs: z.array(automationRunAnswerSchema) }) },
        },
      },
      async (request) => ({ runs: await listRuns(db, userOf(request), request.params.id) }),
    );
  };
