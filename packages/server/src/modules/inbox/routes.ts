import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INBOX_TOTAL_HEADER,
  inboxMailboxQuerySchema,
  inboxQuerySchema,
} from '@leadline/shared/inbox';
import type { Db } from '../../db/connection.ts';
import { createSecretBox } from '../../mail/crypto.ts';
import { userOf } from '../../plugins/guard.ts';
import { FRAME_DOCUMENT, framePolicy } from './frame.ts';
import { getInboxAttachment, getInboxMessage, listInbox } from './service.ts';

// Any text: the service answers 'Invalid email ID' for what is no UID.
const idParams = z.object({ id: z.string() });
const attachmentParams = idParams.extend({
  index: z.coerce
    .number({ error: 'The attachment number must be a number' })
    .int('The attachment number must be a whole number')
    .min(0, 'The attachment number must be 0 or more')
    .max(10_000, 'The attachment number is too large'),
});
const frameQuery = z.object({ images: z.enum(['allowed']).optional() });

/** `attachment; filename="..."` with an ASCII fallback and the UTF-8 name (RFC 6266). */
const attachmentDisposition = (filename: string): string => {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
};

/** The inbox: the user's own IMAP INBOX, read-only. */
export const inboxRoutes =
  (db: Db, secretKey: string): FastifyPluginAsyncZod =>
  async (app) => {
    const box = createSecretBox(secretKey);
    const tags = ['email'];
    const read = { access: 'inbox' as const };

    app.get(
      '/api/email/inbox',
      { config: read, schema: { tags, querystring: inboxQuerySchema } },
      async (request, reply) => {
        const { total, emails } = await listInbox(db, box, userOf(request), request.query);
        return reply.header(INBOX_TOTAL_HEADER, String(total)).send(emails);
      },
    );

    app.get(
      '/api/email/inbox/frame',
      { config: { access: 'public' }, schema: { tags, querystring: frameQuery } },
      async (request, reply) =>
        reply
          .header('content-security-policy', framePolicy(request.query.images === 'allowed'))
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'private, max-age=3600')
          .send(FRAME_DOCUMENT),
    );

    app.get(
      '/api/email/inbox/:id',
      { config: read, schema: { tags, params: idParams, querystring: inboxMailboxQuerySchema } },
      async (request) =>
        getInboxMessage(db, box, userOf(request), request.params.id, request.query.mailbox),
    );

    app.get(
      '/api/email/inbox/:id/attachments/:index',
      {
        config: read,
        schema: { tags, params: attachmentParams, querystring: inboxMailboxQuerySchema },
      },
      async (request, reply) => {
        const file = await getInboxAttachment(
          db,
          box,
          userOf(request),
          request.params.id,
          request.params.index,
          request.query.mailbox,
        );
        // Never rendered by the browser: saved as a file, whatever the email claimed it was.
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', attachmentDisposition(file.filename))
          .header('cache-control', 'no-store')
          .send(file.content);
      },
    );
  };
