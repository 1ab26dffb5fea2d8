import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidSchema } from '@leadline/shared/ids';
import { importDateOrderSchema } from '@leadline/shared/imports';
import type { Db } from '../../db/connection.ts';
import { badRequest } from '../../lib/errors.ts';
import { asUploadError } from '../../lib/multipart.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { userOf } from '../../plugins/guard.ts';
import type { ImportKind } from './headers.ts';
import { MAX_UPLOAD_BYTES } from './read.ts';
import { failedRowsCsv } from './failed-rows.ts';
import {
  importPresets,
  parseDateOrder,
  parseMapping,
  previewImport,
  removeImportPreset,
  saveImportPreset,
} from './mapping.ts';
import { IMPORT_NOT_FOUND, PRESET_NOT_FOUND } from './own-import.ts';
import { importStatus, startImport } from './service.ts';
import { parseRoundRobin } from './owners.ts';

// A malformed id is answered like another organisation's (404).
const importParams = z.object({ importId: uuidSchema(IMPORT_NOT_FOUND, 404) });
const presetParams = z.object({ presetId: uuidSchema(PRESET_NOT_FOUND, 404) });

const TOO_LARGE = `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;

/**
 * The one file of a multipart upload, in the field `file`, as a buffer within the size cap,
 * and the optional text field `mapping` (before or after the file).
 */
const uploadedFile = async (
  request: FastifyRequest,
): Promise<{
  filename: string;
  buffer: Buffer;
  mapping?: string;
  roundRobin?: string;
  dateOrder?: string;
}> => {
  if (!request.isMultipart())
    throw badRequest('Please upload the file as multipart/form-data in the field "file"');
  let file: { filename: string; buffer: Buffer } | undefined;
  let mapping: string | undefined;
  let roundRobin: string | undefined;
  let dateOrder: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file)
          throw badRequest('Please upload the file in the field "file"');
        file = { filename: part.filename, buffer: await part.toBuffer() };
      } else if (part.fieldname === 'mapping') mapping = String(part.value);
      else if (part.fieldname === 'roundRobin') roundRobin = String(part.value);
      else if (part.fieldname === 'dateOrder') dateOrder = String(part.value);
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(TOO_LARGE);
    throw asUploadError(error);
  }
  if (!file) throw badRequest('Please upload the file in the field "file"');
  return { ...file, mapping, roundRobin, dateOrder };
};

const presetBody = z.object({
  name: z.string({ error: 'Preset name is required' }).max(200),
  headers: z.array(z.string().max(1000)).max(1000),
  mapping: z.array(z.string().max(100).nullable()).max(1000),
  dateOrder: importDateOrderSchema.nullish(),
  roundRobin: z.boolean().optional(),
});

export const importRoutes =
  (db: Db, queue: JobQueue): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 6, parts: 7 },
    });

    const upload = (kind: ImportKind) => async (request: FastifyRequest, reply: FastifyReply) => {
      const { filename, buffer, mapping, roundRobin, dateOrder } = await uploadedFile(request);
      const importId = await startImport(
        db,
        queue,
        userOf(request),
        kind,
        filename,
        buffer,
        parseMapping(mapping),
        parseRoundRobin(roundRobin),
        parseDateOrder(dateOrder),
      );
      return reply.status(202).send({ importId });
    };
    const preview = (kind: ImportKind) => async (request: FastifyRequest) => {
      const { filename, buffer } = await uploadedFile(request);
      return previewImport(db, userOf(request), kind, filename, buffer);
    };

    for (const [kind, access, tag] of [
      ['leads', 'createLead', 'leads'],
      ['clients', 'addClient', 'clients'],
    ] as const) {
      app.post(
        `/api/${kind}/upload/preview`,
        { config: { access }, schema: { tags: [tag], consumes: ['multipart/form-data'] } },
        preview(kind),
      );
      app.get(
        `/api/${kind}/import-presets`,
        { config: { access }, schema: { tags: [tag] } },
        async (request) => importPresets(db, userOf(request), kind),
      );
      app.put(
        `/api/${kind}/import-presets`,
        { config: { access }, schema: { tags: [tag], body: presetBody } },
        async (request) => saveImportPreset(db, userOf(request), kind, request.body),
      );
      app.delete(
        `/api/${kind}/import-presets/:presetId`,
        {
          config: { access },
          schema: { tags: [tag], params: presetParams },
        },
        async (request, reply) => {
          await removeImportPreset(db, userOf(request), kind, request.params.presetId);
          return reply.status(204).send();
        },
      );
    }

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
        schema: { tags: ['imports'], params: importParams },
      },
      async (request) => importStatus(db, userOf(request), request.params.importId),
    );
    app.get(
      '/api/imports/:importId/failed-rows',
      {
        config: { access: 'user' },
        schema: { tags: ['imports'], params: importParams },
      },
      async (request, reply) => {
        const { filename, csv } = await failedRowsCsv(db, userOf(request), request.params.importId);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename.replace(/"/g, '')}"`)
          .send(csv);
      },
    );
  };
