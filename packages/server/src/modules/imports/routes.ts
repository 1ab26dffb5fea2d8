import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { badRequest } from '../../lib/errors.ts';
import { asUploadError } from '../../lib/multipart.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { userOf } from '../../plugins/guard.ts';
import type { ImportKind } from './headers.ts';
import { MAX_UPLOAD_BYTES } from './read.ts';
import { importStatus, startImport } from './service.ts';

const TOO_LARGE = `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;

/** The one file of a multipart upload, in the field `file`, as a buffer within the size cap. */
const uploadedFile = async (
  request: FastifyRequest,
): Promise<{ filename: string; buffer: Buffer }> => {
  if (!request.isMultipart())
    throw badRequest('Please upload the file as multipart/form-data in the field "file"');
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file')
      throw badRequest('Please upload the file in the field "file"');
    return { filename: part.filename, buffer: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(TOO_LARGE);
    throw asUploadError(error);
  }
};

export const importRoutes =
  (db: Db, queue: JobQueue): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
    });

    const upload = (kind: ImportKind) => async (request: FastifyRequest, reply: FastifyReply) => {
      const { filename, buffer } = await uploadedFile(request);
      const importId = await startImport(db, queue, userOf(request), kind, filename, buffer);
      return reply.status(202).send({ importId });
    };

    app.post(
      '/api/leads/upload',
      {
        config: { access: 'createLead' },
        schema: { tags: ['leads'], consumes: ['multipart/form-data'] },
      },
      upload('leads'),
    );
    app.post(
      '/api/clients/upload',
      {
        config: { access: 'addClient' },
        schema: { tags: ['clients'], consumes: ['multipart/form-data'] },
      },
      upload('clients'),
    );
    app.get(
      '/api/imports/:importId',
      {
        config: { access: 'user' },
        schema: { tags: ['imports'], params: z.object({ importId: z.string().max(100) }) },
      },
      async (request) => importStatus(db, userOf(request), request.params.importId),
    );
  };
