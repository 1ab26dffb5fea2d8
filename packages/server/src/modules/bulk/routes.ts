import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidSchema } from '@leadline/shared/ids';
import { bulkEmailListQuerySchema, bulkEmailSchema } from '@leadline/shared/email';
import {
  bulkEmailChangedAnswerSchema,
  bulkEmailJobAnswerSchema,
  bulkEmailListAnswerSchema,
  bulkEmailStartedAnswerSchema,
} from '@leadline/shared/bulk-email-answers';
import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { userOf } from '../../plugins/guard.ts';
import {
  BULK_JOB_NOT_FOUND,
  getBulkEmailJob,
  listBulkEmailJobs,
  resumeBulkEmailJob,
  startBulkEmail,
  stopBulkEmailJob,
} from './service.ts';

// A malformed id is answered like an unknown run (404), as before.
const jobParams = z.object({ jobId: uuidSchema(BULK_JOB_NOT_FOUND, 404) });

/** Bulk email runs: start (202), progress, the caller's runs, stop, resume a paused one. */
export const bulkEmailRoutes =
  (db: Db, queue: JobQueue): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['email'];
    const config = { access: 'sendBulkEmail' as const };
    const changed = { 200: bulkEmailChangedAnswerSchema };
    app.post(
      '/api/email/bulk',
      {
        config,
        schema: { tags, body: bulkEmailSchema, response: { 202: bulkEmailStartedAnswerSchema } },
      },
      async (request, reply) =>
        reply.status(202).send(await startBulkEmail(db, queue, userOf(request), request.body)),
    );
    app.get(
      '/api/email/bulk',
      {
        config,
        schema: {
          tags,
          querystring: bulkEmailListQuerySchema,
          response: { 200: bulkEmailListAnswerSchema },
        },
      },
      async (request) => listBulkEmailJobs(db, userOf(request), request.query),
    );
    app.get(
      '/api/email/bulk/:jobId',
      { config, schema: { tags, params: jobParams, response: { 200: bulkEmailJobAnswerSchema } } },
      async (request) => getBulkEmailJob(db, userOf(request), request.params.jobId),
    );
    app.post(
      '/api/email/bulk/:jobId/stop',
      { config, schema: { tags, params: jobParams, response: changed } },
      async (request) => stopBulkEmailJob(db, userOf(request), request.params.jobId),
    );
    app.post(
      '/api/email/bulk/:jobId/resume',
      { config, schema: { tags, params: jobParams, response: changed } },
      async (request) => resumeBulkEmailJob(db, queue, userOf(request), request.params.jobId),
    );
  };
