import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailConfigDeleteQuerySchema, emailConfigSchema } from '@leadline/shared/email';
import type { Db } from '../../db/connection.ts';
import { createSecretBox } from '../../mail/crypto.ts';
import { userOf } from '../../plugins/guard.ts';
import { CONFIG_SAVE_LIMIT } from './saving.ts';
import { deleteEmailConfig, getEmailConfig, saveEmailConfig } from './service.ts';

/** The caller's own mail settings. `secretKey` (SECRET_KEY) encrypts the stored passwords. */
export const mailAccountRoutes =
  (db: Db, secretKey: string): FastifyPluginAsyncZod =>
  async (app) => {
    const box = createSecretBox(secretKey);
    const tags = ['email'];
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
  };
