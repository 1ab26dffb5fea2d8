import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@leadline/shared/ids';
import { callSchema, leadNoteAnswerSchema, noteSchema } from '@leadline/shared/interactions';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { INVALID_LEAD_ID } from '../leads/service.ts';
import { addNote, listLeadNotes, logCall } from './service.ts';

const idParams = idParamsSchema(INVALID_LEAD_ID);
const created = { 201: leadNoteAnswerSchema };

/**
 * A lead's calls and notes: whoever may see the lead (the Leads page) may read and add them;
 * they describe work done with the lead and change nothing on it.
 */
export const interactionsRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['leads'];
    const config = { access: 'leadsTable' as const };

    app.get(
      '/api/leads/:id/notes',
      {
        config,
        schema: { tags, params: idParams, response: { 200: z.array(leadNoteAnswerSchema) } },
      },
      async (request) => listLeadNotes(db, userOf(request), request.params.id),
    );

    app.post(
      '/api/leads/:id/notes',
      { config, schema: { tags, params: idParams, body: noteSchema, response: created } },
      async (request, reply) =>
        reply.status(201).send(await addNote(db, userOf(request), request.params.id, request.body)),
    );

    app.post(
      '/api/leads/:id/calls',
      { config, schema: { tags, params: idParams, body: callSchema, response: created } },
      async (request, reply) =>
        reply.status(201).send(await logCall(db, userOf(request), request.params.id, request.body)),
    );
  };
