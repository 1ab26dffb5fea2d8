import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { createEmailCache } from './cache.ts';
import type { EmailCache } from './cache.ts';
import { USER_AGENT_MAX } from './classify.ts';
import { TRACKING_PATH } from './outgoing.ts';
import { findTrackedEmails } from './repo.ts';
import { createTrackingTokens } from './tokens.ts';
import { DEFAULT_WRITER, createHitWriter } from './writer.ts';
import type { HitWriter, WriterOptions } from './writer.ts';

/** The 43-byte transparent 1x1 GIF, one buffer for every answer. */
export const PIXEL = Buffer.from(
  'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
  'base64',
);

const NOT_FOUND_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Link not found</title></head>' +
  '<body><p>This link is not valid or no longer leads anywhere.</p></body></html>';

/** Recent tracked emails kept in memory: a hit is one lookup on this path. */
const CACHE_MAX = 20_000;

/** Every writer of this process (one per app), for tests that want the hits written now. */
const writers = new Set<HitWriter>();
export const flushTrackingHits = async (): Promise<void> => {
  for (const writer of writers) await writer.flush();
};

const tokenOf = (request: FastifyRequest) => (request.params as { '*'?: string })['*'] ?? '';

/** No cache, no referrer, no cookie: each hit reaches the server and leaks no address. */
const plain = (reply: FastifyReply) =>
  reply.header('cache-control', 'no-store, max-age=0').header('referrer-policy', 'no-referrer');

const headerText = (value: string | string[] | undefined): string =>
  (Array.isArray(value) ? value.join(',') : (value ?? '')).slice(0, USER_AGENT_MAX);

/**
 * The public tracking endpoints (no session, no cookie): GET|HEAD /t/o/<token> answers the
 * pixel whatever the token; GET|HEAD /t/c/<token> redirects (302) to the link the email had,
 * and only to it (the token names an index into the email's own links: no open redirect), or
 * answers a plain 404 page. The token is checked (HMAC) before anything else; the hit is
 * queued for the writer and the answer never waits for the database, except a click on an
 * email not in the cache yet (its link must be read). Wildcards: a garbled token of any length
 * reaches the handler rather than a framework 404.
 */
export const registerTrackingEndpoints = (
  app: FastifyInstance,
  db: Db,
  secretKey: string,
  writerOptions: WriterOptions = DEFAULT_WRITER,
): { writer: HitWriter; cache: EmailCache } => {
  const tokens = createTrackingTokens(secretKey);
  const cache = createEmailCache(CACHE_MAX);
  const writer = createHitWriter(db, cache, app.log, writerOptions);
  /** Reads of emails under way, so a burst of clicks on a new email reads it once. */
  const reading = new Map<string, Promise<void>>();
  const load = (id: string): Promise<void> => {
    let pending = reading.get(id);
    if (!pending) {
      pending = findTrackedEmails(db, [id])
        .then(([email]) => {
          cache.set(id, email ?? null);
        })
        .finally(() => reading.delete(id));
      reading.set(id, pending);
    }
    return pending;
  };

  const hitOf = (
    request: FastifyRequest,
    sentEmailId: string,
    kind: 'open' | 'click',
    link: number,
  ) => ({
    sentEmailId,
    kind,
    link,
    method: request.method,
    userAgent: headerText(request.headers['user-agent']),
    purpose: headerText(request.headers['sec-purpose'] ?? request.headers.purpose),
    ip: request.ip,
    at: Date.now(),
  });

  // The token is only compared with a signature: a NUL in it is a forgery like any other.
  const config = { access: 'public' as const, storesNothing: true };
  const schema = { hide: true };
  const open = async (request: FastifyRequest, reply: FastifyReply) => {
    const target = tokens.verify('open', tokenOf(request));
    if (target) writer.push(hitOf(request, target.sentEmailId, 'open', 0));
    return plain(reply).type('image/gif').header('content-length', PIXEL.length).send(PIXEL);
  };
  const click = async (request: FastifyRequest, reply: FastifyReply) => {
    const target = tokens.verify('click', tokenOf(request));
    if (target) {
      if (cache.get(target.sentEmailId) === undefined) await load(target.sentEmailId);
      const url = cache.get(target.sentEmailId)?.links[target.link];
      if (url) {
        writer.push(hitOf(request, target.sentEmailId, 'click', target.link));
        return plain(reply).redirect(url, 302);
      }
    }
    return plain(reply).status(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
  };
  // GET serves HEAD too (Fastify's exposeHeadRoutes); the method is what the hit records.
  app.get(`${TRACKING_PATH}/o/*`, { config, schema }, open);
  app.get(`${TRACKING_PATH}/c/*`, { config, schema }, click);
  writers.add(writer);
  app.addHook('onClose', async () => {
    writers.delete(writer);
    await writer.close();
  });
  return { writer, cache };
};
