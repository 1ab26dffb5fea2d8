import { z } from 'zod';
import { leadConvertSchema } from '@leadline/shared/interactions';
import { INVALID_LEAD_ID } from '../leads/service.ts';
import { convertLead } from './convert.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswerSchema } from '@leadline/shared/answers';
import {
  clientAnswerSchema,
  clientListAnswerSchema,
  clientListQuerySchema,
  clientSchema,
  clientUpdateSchema,
} from '@leadline/shared/clients';
import { idParamsSchema } from '@leadline/shared/ids';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import {
  INVALID_CLIENT_ID,
  createClient,
  deleteClient,
  getClient,
  listClients,
  updateClient,
} from './service.ts';

const idParams = idParamsSchema(INVALID_CLIENT_ID);
const clientConvertAnswerSchema = z.object({ client: clientAnswerSchema });
const oneClient = { 200: clientAnswerSchema };

export const clientsRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['clients'];
    const read = { access: 'allClients' as const };

    app.get(
      '/api/clients',
      {
        config: read,
        schema: {
          tags,
          querystring: clientListQuerySchema,
          response: { 200: clientListAnswerSchema },
        },
      },
      async (request) => listClients(db, userOf(request), request.query),
    );

    app.post(
      '/api/clients',
      {
        config: { access: 'addClient' },
        schema: { tags, body: clientSchema, response: { 201: clientAnswerSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createClient(db, userOf(request), request.body)),
    );

    // Converting a lead: it creates a client (Add Client), of a lead the caller may see.
    app.post(
      '/api/leads/:id/convert',
      {
        config: { access: 'addClient' },
        schema: {
          tags,
          params: idParamsSchema(INVALID_LEAD_ID),
          body: leadConvertSchema,
          response: { 201: clientConvertAnswerSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          client: await convertLead(db, userOf(request), request.params.id, request.body),
        }),
    );

    app.get(
      '/api/clients/:id',
      { config: read, schema: { tags, params: idParams, response: oneClient } },
      async (request) => getClient(db, userOf(request), request.params.id),
    );

    app.put(
      '/api/clients/:id',
      {
        config: read,
        schema: { tags, params: idParams, body: clientUpdateSchema, response: oneClient },
      },
      async (request) => updateClient(db, userOf(request), request.params.id, request.body),
    );

    app.delete(
      '/api/clients/:id',
      {
        config: read,
        schema: { tags, params: idParams, response: { 200: messageAnswerSchema } },
      },
      async (request) => {
        await deleteClient(db, userOf(request), request.params.id);
        return { message: 'Client deleted successfully' };
      },
    );
  };
