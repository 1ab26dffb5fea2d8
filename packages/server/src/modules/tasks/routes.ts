import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswerSchema } from '@leadline/shared/answers';
import { idParamsSchema } from '@leadline/shared/ids';
import {
  INVALID_TASK_ID,
  taskAnswerSchema,
  taskCreateSchema,
  taskListQuerySchema,
  taskUpdateSchema,
} from '@leadline/shared/tasks';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { createTask, deleteTask, listTasks, updateTask } from './service.ts';

const params = idParamsSchema(INVALID_TASK_ID, 404);
const taskAnswer = z.object({ task: taskAnswerSchema });

/**
 * Tasks: any signed-in member of an organisation, for their own tasks; giving a task to
 * someone else or changing theirs takes Lead Management (checked in the service).
 */
export const tasksRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['tasks'];
    const config = { access: 'user' as const };

    app.get(
      '/api/tasks',
      {
        config,
        schema: {
          tags,
          querystring: taskListQuerySchema,
          response: { 200: z.object({ tasks: z.array(taskAnswerSchema) }) },
        },
      },
      async (request) => ({ tasks: await listTasks(db, userOf(request), request.query) }),
    );

    app.post(
      '/api/tasks',
      { config, schema: { tags, body: taskCreateSchema, response: { 201: taskAnswer } } },
      async (request, reply) =>
        reply.status(201).send({ task: await createTask(db, userOf(request), request.body) }),
    );

    app.patch(
      '/api/tasks/:id',
      { config, schema: { tags, params, body: taskUpdateSchema, response: { 200: taskAnswer } } },
      async (request) => ({
        task: await updateTask(db, userOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/tasks/:id',
      { config, schema: { tags, params, response: { 200: messageAnswerSchema } } },
      async (request) => {
        await deleteTask(db, userOf(request), request.params.id);
        return { message: 'Task deleted' };
      },
    );
  };
