import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { followUpSchema, sentEmailsQuerySchema } from '@leadline/shared/email';
import { idParamsSchema } from '@leadline/shared/ids';
import type { Db } from '../../db/connection.ts';
import { createSecretBox } from '../../mail/crypto.ts';
import { userOf } from '../../plugins/guard.ts';
import { INVALID_LEAD_ID } from '../leads/service.ts';
import { COMPOSER_MULTIPART, readEmailRequest } from './multipart.ts';
import {
  leadSendCheck,
  listLeadEmails,
  sendEmail,
  sendFollowUp,
  sendLeadEmail,
} from './service.ts';

// What the lead screens answer for a malformed id.
const idParams = idParamsSchema(INVALID_LEAD_ID);

const composer = ['application/json', 'multipart/form-data'];

/**
 * Sending (single emails and follow-ups) and a lead's email history. `secretKey` (SECRET_KEY)
 * decrypts the stored mail passwords.
 */
export const sendingRoutes =
  (db: Db, secretKey: string): FastifyPluginAsyncZod =>
  async (app) => {
    const box = createSecretBox(secretKey);
    const tags = ['email'];
    await app.register(multipart, COMPOSER_MULTIPART);

    // JSON or multipart: the body is read and validated by the service, not by a route schema.
    app.post(
      '/api/email/send',
      // The Send Email page and the Email Form both send through this route.
      {
        config: { access: ['sendEmailPage', 'emailForm'] },
        schema: { tags, consumes: composer },
      },
      async (request) => sendEmail(db, box, userOf(request), await readEmailRequest(request)),
    );
    app.post(
      '/api/leads/:id/send-mail',
      {
        config: { access: 'sendEmailPage' },
        schema: { tags: ['leads', ...tags], params: idParams, consumes: composer },
      },
      async (request) =>
        sendLeadEmail(db, box, userOf(request), request.params.id, await readEmailRequest(request)),
    );
    app.get(
      '/api/leads/:id/send-check',
      {
        config: { access: 'sendEmailPage' },
        schema: {
          tags: ['leads', ...tags],
          params: idParams,
          response: { 200: z.object({ suppressed: z.string().nullable() }) },
        },
      },
      async (request) => leadSendCheck(db, userOf(request), request.params.id),
    );
    app.post(
      '/api/email/follow-up',
      { config: { access: 'followUp' }, schema: { tags, body: followUpSchema } },
      async (request) => sendFollowUp(db, box, userOf(request), request.body),
    );
    app.get(
      '/api/leads/:id/emails',
      {
        config: { access: 'leadsTable' },
        schema: { tags: ['leads', ...tags], params: idParams, querystring: sentEmailsQuerySchema },
      },
      async (request) => listLeadEmails(db, userOf(request), request.params.id, request.query),
    );
  };
