import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_KEY_NOT_FOUND,
  apiKeyCreateSchema,
  apiKeyCreatedAnswerSchema,
  apiKeyListAnswerSchema,
  apiKeyRevokedAnswerSchema,
  organizationApiKeyListAnswerSchema,
} from '@leadline/shared/api-keys';
import { idParamsSchema } from '@leadline/shared/ids';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { createApiKey, listOrganizationApiKeys, listOwnApiKeys, revokeApiKey } from './service.ts';
import { auditWho } from '../audit/record.ts';

// A malformed id is answered like an unknown key (404), as another user's is.
const idParams = idParamsSchema(API_KEY_NOT_FOUND, 404);

/** Personal API keys (anyone signed in, for themselves) and the organisation's (administrators). */
export const apiKeysRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['api-keys'];

    app.get(
      '/api/api-keys',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The caller's own API keys (never the keys themselves)",
          response: { 200: apiKeyListAnswerSchema },
        },
      },
      async (request) => listOwnApiKeys(db, userOf(request)),
    );

    app.post(
      '/api/api-keys',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Create an API key (from a signed-in session; the key is answered this once)',
          body: apiKeyCreateSchema,
          response: { 201: apiKeyCreatedAnswerSchema },
        },
      },
      async (request, reply) => {
        const actor = userOf(request);
        const created = await createApiKey(db, actor, request.body, auditWho(request, actor));
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/api/api-keys/organization',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Every API key of the organisation, with its owner (administrators)',
          response: { 200: organizationApiKeyListAnswerSchema },
        },
      },
      async (request) => listOrganizationApiKeys(db, userOf(request)),
    );

    app.delete(
      '/api/api-keys/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "Revoke an API key: one's own, or (administrators) any of the organisation",
          params: idParams,
          response: { 200: apiKeyRevokedAnswerSchema },
        },
      },
      async (request) => {
        const actor = userOf(request);
        return revokeApiKey(db, actor, request.params.id, auditWho(request, actor));
      },
    );
  };
