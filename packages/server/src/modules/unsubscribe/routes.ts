import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { createUnsubscribeLinks } from './links.ts';
import { confirmUnsubscribe, showUnsubscribe } from './service.ts';
import type { PageAnswer } from './service.ts';

/** Per address, at most this many unsubscribe requests a minute (the token is unguessable anyway). */
const LIMIT = { max: 60, timeWindow: 60_000 };

const tokenOf = (request: FastifyRequest) => (request.params as { '*'?: string })['*'] ?? '';

const answer = (reply: FastifyReply, page: PageAnswer) =>
  reply
    .status(page.status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(page.html);

/**
 * The public unsubscribe link of bulk and campaign emails: GET shows a page that asks to
 * confirm, POST unsubscribes (the page's button, or a mail client's one-click POST with
 * `List-Unsubscribe=One-Click`, RFC 8058). A wildcard route: a token holds the address and
 * can be longer than a path parameter may be.
 */
export const unsubscribeRoutes =
  (db: Db, secretKey: string): FastifyPluginAsync =>
  async (app) => {
    const links = createUnsubscribeLinks(secretKey, '');
    // One-click POSTs come form-encoded or multipart; whatever the body, the link decides.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_r, body, done) =>
      done(null, body),
    );
    const config = { access: 'public' as const, rateLimit: LIMIT };
    const schema = { hide: true };
    app.get('/unsubscribe/*', { config, schema }, async (request, reply) =>
      answer(reply, await showUnsubscribe(db, links, tokenOf(request), request.url.split('?')[0]!)),
    );
    app.post('/unsubscribe/*', { config, schema }, async (request, reply) =>
      answer(reply, await confirmUnsubscribe(db, links, tokenOf(request))),
    );
  };
