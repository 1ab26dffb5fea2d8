import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswerSchema } from '@leadline/shared/answers';
import { idParamsSchema } from '@leadline/shared/ids';
import {
  DELIVERY_NOT_FOUND,
  WEBHOOK_NOT_FOUND,
  deliveryAnswerSchema,
  deliveryListAnswerSchema,
  deliveryListQuerySchema,
  webhookAnswerSchema,
  webhookCreateSchema,
  webhookCreatedAnswerSchema,
  webhookListAnswerSchema,
  webhookUpdateSchema,
} from '@leadline/shared/webhooks';
import type { Db } from '../../db/connection.ts';
import { createSecretBox } from '../../mail/crypto.ts';
import { userOf } from '../../plugins/guard.ts';
import { callerWho } from '../audit/record.ts';
import {
  changeWebhook,
  createWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  removeWebhook,
  sendTestEvent,
} from './service.ts';

// A malformed id is answered like an unknown one (404), as one of another organisation is.
const webhookParams = idParamsSchema(WEBHOOK_NOT_FOUND, 404);
const deliveryParams = idParamsSchema(DELIVERY_NOT_FOUND, 404);
const oneWebhook = { 200: webhookAnswerSchema };
const oneDelivery = { 202: deliveryAnswerSchema };

/** The organisation's webhooks and their deliveries (Integrations): administrators only. */
export const webhooksRoutes =
  (db: Db, secretKey: string): FastifyPluginAsyncZod =>
  async (app) => {
    const box = createSecretBox(secretKey);
    const tags = ['webhooks'];
    const config = { access: 'admin' as const };

    app.get(
      '/api/webhooks',
      { config, schema: { tags, response: { 200: webhookListAnswerSchema } } },
      async (request) => listWebhooks(db, userOf(request)),
    );

    app.post(
      '/api/webhooks',
      {
        config,
        schema: {
          tags,
          description:
            'Adds a webhook. The answer carries its signing secret, shown this once: each POST is signed with it in `Leadline-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`.',
          body: webhookCreateSchema,
          response: { 201: webhookCreatedAnswerSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createWebhook(db, box, userOf(request), request.body, callerWho(request))),
    );

    app.get(
      '/api/webhooks/:id',
      { config, schema: { tags, params: webhookParams, response: oneWebhook } },
      async (request) => ({ webhook: await getWebhook(db, userOf(request), request.params.id) }),
    );

    app.put(
      '/api/webhooks/:id',
      {
        config,
        schema: { tags, params: webhookParams, body: webhookUpdateSchema, response: oneWebhook },
      },
      async (request) => ({
        webhook: await changeWebhook(
          db,
          userOf(request),
          request.params.id,
          request.body,
          callerWho(request),
        ),
      }),
    );

    app.delete(
      '/api/webhooks/:id',
      {
        config,
        schema: { tags, params: webhookParams, response: { 200: messageAnswerSchema } },
      },
      async (request) => {
        await removeWebhook(db, userOf(request), request.params.id, callerWho(request));
        return { message: 'Webhook deleted' };
      },
    );

    app.get(
      '/api/webhooks/:id/deliveries',
      {
        config,
        schema: {
          tags,
          params: webhookParams,
          querystring: deliveryListQuerySchema,
          response: { 200: deliveryListAnswerSchema },
        },
      },
      async (request) => listDeliveries(db, userOf(request), request.params.id, request.query),
    );

    app.post(
      '/api/webhooks/:id/test',
      { config, schema: { tags, params: webhookParams, response: oneDelivery } },
      async (request, reply) =>
        reply.status(202).send(await sendTestEvent(db, userOf(request), request.params.id)),
    );

    app.post(
      '/api/webhooks/deliveries/:id/redeliver',
      { config, schema: { tags, params: deliveryParams, response: oneDelivery } },
      async (request, reply) =>
        reply.status(202).send(await redeliver(db, userOf(request), request.params.id)),
    );
  };
