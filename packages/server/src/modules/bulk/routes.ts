import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidSchema } from '@leadline/shared/ids';
import { bulkEmailListQuerySchema, bulkEmailSchema } from '@leadline/shared/email';
import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { userOf } from '../../plugins/guard.ts';
import {
  BULK_JOB_NOT_FOUND,
  getBulkEmailJob,
  listBulkEmailJobs,
  startBulkEmail,
  stopBulkEmailJob,
} from './service.ts';

// A malformed id is answered like an unknown run (404), as before.
const jobParams = z.object({ jobId: uuidSchema(BULK_JOB_NOT_FOUND, 404) });

/** Bulk email runs: start (202), progress, the caller's runs, stop. */
export const bulkEmailRoutes =
  (db: Db, queue: JobQueue): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['email'];
    const config = { access: 'sendBulkEmail' as const };
    app.post(
      '/api/email/bulk',
      { config, schema: { tags, body: bulkEmailSchema } },
      async (request, reply) =>
        reply.status(202).send(await startBulkEmail(db, queue, userOf(request), request.body)),
    );
    app.get(
      '/api/email/bulk',
      { config, schema: { tags, querystring: bulkEmailListQuerySchema } },
      async (request) => listBulkEmailJobs(db, userOf(request), request.query),
    );
    app.get(
      '/api/email/bulk/:jobId',
      { config, schema: { tags, params: jobParams } },
      async (request) => getBulkEmailJob(db, userOf(request), request.params.jobId),
    );
    app.post(
      '/api/email/bulk/:jobId/stop',
      { config, schema: { tags, params: jobParams } },
      async (request) => stopBulkEmailJob(db, userOf(request), request.params.jobId),
    );
  };
