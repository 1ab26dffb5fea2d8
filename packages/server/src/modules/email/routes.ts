import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_ATTACHMENTS,
  MAX_ATTACHMENT_BYTES,
  MESSAGE_MAX,
  emailConfigDeleteQuerySchema,
  emailConfigSchema,
  followUpSchema,
  sentEmailsQuerySchema,
} from '@leadline/shared/email';
import type { Db } from '../../db/connection.ts';
import { createSecretBox } from '../../mail/crypto.ts';
import { userOf } from '../../plugins/guard.ts';
import { deleteEmailConfig, getEmailConfig, saveEmailConfig } from './config-service.ts';
import { readEmailRequest } from './multipart.ts';
import { listLeadEmails, sendEmail, sendFollowUp, sendLeadEmail } from './send-service.ts';

const idParams = z.object({ id: z.string() });

/**
 * Saving settings logs in to a server the user names: per user, at most 20 attempts in 10
 * minutes, so the server is no password-guessing or port-scanning tool.
 */
export const CONFIG_SAVE_LIMIT = { max: 20, timeWindow: 10 * 60_000 };
const composer = ['application/json', 'multipart/form-data'];

/**
 * Mail settings, sending and a lead's sent emails. `secretKey` (SECRET_KEY) encrypts the
 * stored mail passwords.
 */
export const emailRoutes =
  (db: Db, secretKey: string): FastifyPluginAsyncZod =>
  async (app) => {
    const box = createSecretBox(secretKey);
    const tags = ['email'];
    await app.register(multipart, {
      limits: {
        fileSize: MAX_ATTACHMENT_BYTES,
        files: MAX_ATTACHMENTS,
        fields: 20,
        parts: MAX_ATTACHMENTS + 20,
        fieldSize: MESSAGE_MAX * 2,
      },
    });

    const settings = { access: 'configureEmail' as const };
    app.get('/api/email/config', { config: settings, schema: { tags } }, async (request) =>
      getEmailConfig(db, userOf(request)),
    );
    app.post(
      '/api/email/config',
      {
        config: {
          ...settings,
          rateLimit: {
            ...CONFIG_SAVE_LIMIT,
            keyGenerator: (request) => `mail-config|${request.currentUser?.id ?? request.ip}`,
          },
        },
        schema: { tags, body: emailConfigSchema },
      },
      async (request) => saveEmailConfig(db, box, userOf(request), request.body),
    );
    app.delete(
      '/api/email/config',
      { config: settings, schema: { tags, querystring: emailConfigDeleteQuerySchema } },
      async (request) => deleteEmailConfig(db, userOf(request), request.query.protocol),
    );

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
