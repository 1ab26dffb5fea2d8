import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVALID_MESSAGE_ID, conversationsQuerySchema } from '@leadline/shared/conversations';
import { idParamsSchema, uuidSchema } from '@leadline/shared/ids';
import type { Db } from '../../db/connection.ts';
import { createSecretBox } from '../../mail/crypto.ts';
import { userOf } from '../../plugins/guard.ts';
import { INVALID_LEAD_ID } from '../leads/service.ts';
import { COMPOSER_MULTIPART, readEmailRequest } from '../sending/reply.ts';
import {
  conversationCounts,
  getConversation,
  getConversationMessage,
  listConversations,
  markConversationRead,
  replyInConversation,
} from './service.ts';

const idParams = idParamsSchema(INVALID_LEAD_ID);
const messageParams = idParams.extend({ messageId: uuidSchema(INVALID_MESSAGE_ID) });
const scopeQuery = z.object({ scope: conversationsQuerySchema.shape.scope });

/** A lead's conversation, replying from it, and what waits for an answer. */
export const conversationRoutes =
  (db: Db, secretKey: string): FastifyPluginAsyncZod =>
  async (app) => {
    const box = createSecretBox(secretKey);
    const tags = ['conversations'];
    const read = { access: 'leadsTable' as const };
    await app.register(multipart, COMPOSER_MULTIPART);

    app.get(
      '/api/leads/:id/conversation',
      { config: read, schema: { tags, params: idParams } },
      async (request) => getConversation(db, userOf(request), request.params.id),
    );
    app.get(
      '/api/leads/:id/conversation/messages/:messageId',
      { config: read, schema: { tags, params: messageParams } },
      async (request) =>
        getConversationMessage(db, userOf(request), request.params.id, request.params.messageId),
    );
    app.post(
      '/api/leads/:id/conversation/read',
      { config: read, schema: { tags, params: idParams } },
      async (request) => markConversationRead(db, userOf(request), request.params.id),
    );
    // JSON or multipart (attachments): the body is read and validated by the service.
    app.post(
      '/api/leads/:id/reply',
      {
        config: { access: ['sendEmailPage', 'inbox'] },
        schema: { tags, params: idParams, consumes: ['application/json', 'multipart/form-data'] },
      },
      async (request) =>
        replyInConversation(
          db,
          box,
          userOf(request),
          request.params.id,
          await readEmailRequest(request),
        ),
    );
    app.get(
      '/api/conversations',
      { config: read, schema: { tags, querystring: conversationsQuerySchema } },
      async (request) => listConversations(db, userOf(request), request.query),
    );
    app.get(
      '/api/conversations/counts',
      { config: read, schema: { tags, querystring: scopeQuery } },
      async (request) => conversationCounts(db, userOf(request), request.query.scope),
    );
  };
