import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailboxParamsSchema, mailboxSaveSchema } from '@leadline/shared/mailboxes';
import type { Db } from '../../db/connection.ts';
import { createSecretBox } from '../../mail/crypto.ts';
import { userOf } from '../../plugins/guard.ts';
import { CONFIG_SAVE_LIMIT } from '../mail-accounts/saving.ts';
import {
  addMailbox,
  editMailbox,
  getMailboxes,
  makeDefaultMailbox,
  removeMailbox,
} from './service.ts';

/**
 * The caller's own mailboxes. Listing them is open to whoever may send (the From picker) or
 * read the inbox (its mailbox selector); changing them needs Configure Email. `secretKey` (SECRET_KEY) encrypts the stored passwords.
 */
export const mailboxRoutes =
  (db: Db, secretKey: string): FastifyPluginAsyncZod =>
  async (app) => {
    const box = createSecretBox(secretKey);
    const tags = ['email'];
    const settings = { access: 'configureEmail' as const };
    // Each save logs in somewhere: limited as mail settings are, per user.
    const saving = {
      ...settings,
      rateLimit: {
        ...CONFIG_SAVE_LIMIT,
        keyGenerator: (request: { currentUser: { id: string } | null; ip: string }) =>
          `mail-config|${request.currentUser?.id ?? request.ip}`,
      },
    };
    const params = mailboxParamsSchema;
    app.get(
      '/api/email/mailboxes',
      {
        config: {
          access: [
            'configureEmail',
            'sendEmailPage',
            'emailForm',
            'followUp',
            'sendBulkEmail',
            'campaigns',
            'inbox',
          ],
        },
        schema: { tags },
      },
      async (request) => getMailboxes(db, userOf(request)),
    );
    app.post(
      '/api/email/mailboxes',
      { config: saving, schema: { tags, body: mailboxSaveSchema } },
      async (request, reply) => {
        reply.code(201);
        return addMailbox(db, box, userOf(request), request.body);
      },
    );
    app.put(
      '/api/email/mailboxes/:id',
      { config: saving, schema: { tags, params, body: mailboxSaveSchema } },
      async (request) => editMailbox(db, box, userOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/email/mailboxes/:id',
      { config: settings, schema: { tags, params } },
      async (request) => removeMailbox(db, userOf(request), request.params.id),
    );
    app.post(
      '/api/email/mailboxes/:id/default',
      { config: settings, schema: { tags, params } },
      async (request) => makeDefaultMailbox(db, userOf(request), request.params.id),
    );
  };
