import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SSO_CALLBACK_PATH,
  SSO_ERRORS,
  SSO_NOT_SET_UP,
  ssoCallbackQuerySchema,
  ssoConfigSchema,
  ssoErrorLocation,
  ssoConfigUpdateSchema,
  ssoFinishSchema,
  ssoStartQuerySchema,
} from '@leadline/shared/sso';
import type { PublicUser } from '@leadline/shared/auth';
import type { UserRow } from '../../caller/current-user.ts';
import type { Db } from '../../db/connection.ts';
import { HttpError, TooManyRequests, forbidden, notFound } from '../../lib/errors.ts';
import { createSecretBox } from '../../mail/crypto.ts';
import { userOf } from '../../plugins/guard.ts';
import { cookieOf } from '../mail-oauth/pkce.ts';
import { createWindowCounter } from '../rate-limits/counter.ts';
import type { RateLimit } from '../rate-limits/counter.ts';
import { createConfig, readConfig, removeConfig, updateConfig } from './service.ts';
import { callerWho, whereOf } from '../audit/record.ts';
import {
  STATE_LIFE_MS,
  SsoFailed,
  accountRefusal,
  finishCallback,
  startSso,
  takeTicketUser,
} from './signin.ts';

/** The cookie binding a sign-in to the browser that started it (sent to the callback only). */
const BROWSER_COOKIE = 'leadline_sso';

/** A browser's page navigation (not a script's request): it is answered with a page to go to. */
const wantsPage = (request: FastifyRequest): boolean =>
  request.headers['sec-fetch-mode'] === 'navigate' ||
  (request.headers.accept ?? '').includes('text/html');

/** Starts, callbacks and finishes per address: 30 in 10 minutes by default. */
const FLOW_LIMIT: RateLimit = { max: 30, timeWindow: 10 * 60_000 };

export type SsoOptions = {
  /** PUBLIC_URL: the redirect URI is this followed by /api/auth/sso/callback. */
  publicUrl: string;
  /** A session for the user, as a password sign-in makes it (no two-step code after SSO). */
  /** A session for the user, marked as begun with single sign-on (no two-step code after it). */
  startSession: (
    row: UserRow,
    request: FastifyRequest,
  ) => Promise<{ token: string; user: PublicUser }>;
  limit?: RateLimit;
  now?: () => number;
};

/** Single sign-on: the Admin's configuration (/api/sso) and the sign-in flow (/api/auth/sso/*). */
export const ssoRoutes =
  (db: Db, secretKey: string, options: SsoOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const box = createSecretBox(secretKey);
    const { publicUrl } = options;
    const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
    const count = createWindowCounter(db, 'sso-address', options.limit ?? FLOW_LIMIT, options.now);
    const limited = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const { count: made, resetInMs } = await count(request.ip);
      if (made <= (options.limit ?? FLOW_LIMIT).max) return;
      const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
      reply.header('retry-after', String(seconds));
      throw new TooManyRequests(
        'Too many single sign-on attempts from your address. Try again later.',
        seconds,
      );
    };

    const tags = ['sso'];
    const admin = { access: 'admin' as const };
    app.get('/api/sso', { config: admin, schema: { tags } }, async (request) =>
      readConfig(db, userOf(request), publicUrl),
    );
    app.post(
      '/api/sso',
      { config: admin, schema: { tags, body: ssoConfigSchema } },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await createConfig(
              db,
              box,
              userOf(request),
              request.body,
              publicUrl,
              callerWho(request),
            ),
          ),
    );
    app.put(
      '/api/sso',
      { config: admin, schema: { tags, body: ssoConfigUpdateSchema } },
      async (request) =>
        updateConfig(db, box, userOf(request), request.body, publicUrl, callerWho(request)),
    );
    app.delete('/api/sso', { config: admin, schema: { tags } }, async (request) =>
      removeConfig(db, userOf(request), callerWho(request)),
    );

    // A browser navigation from the sign-in page to the provider.
    app.get(
      '/api/auth/sso/start',
      { config: { access: 'public' }, schema: { tags, querystring: ssoStartQuerySchema } },
      async (request, reply) => {
        await limited(request, reply);
        const started = await startSso(db, box, request.query.email, publicUrl).catch(
          (error: unknown) => {
            if (!(error instanceof SsoFailed)) throw error;
            request.log.warn({ event: 'sso start refused', reason: error.message }, 'SSO refused');
            return { failed: error.code };
          },
        );
        if ('failed' in started) {
          // The sign-in page navigates here: it is sent back with the reason; a script hears it.
          if (wantsPage(request)) return reply.redirect(ssoErrorLocation(started.failed), 303);
          if (started.failed === 'none') throw notFound(SSO_NOT_SET_UP);
          throw new HttpError(502, SSO_ERRORS[started.failed]);
        }
        reply.header(
          'set-cookie',
          `${BROWSER_COOKIE}=${started.browser}; Path=${SSO_CALLBACK_PATH}; Max-Age=${STATE_LIFE_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
        );
        return reply.redirect(started.url, 302);
      },
    );

    // The provider sends the browser back here: never a token in the URL, a one-time ticket.
    app.get(
      SSO_CALLBACK_PATH,
      { config: { access: 'public' }, schema: { tags, querystring: ssoCallbackQuerySchema } },
      async (request, reply) => {
        reply.header(
          'set-cookie',
          `${BROWSER_COOKIE}=; Path=${SSO_CALLBACK_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
        );
        try {
          await limited(request, reply);
          const browser = cookieOf(request.headers.cookie, BROWSER_COOKIE);
          const done = await finishCallback(
            db,
            box,
            request.query,
            browser,
            publicUrl,
            whereOf(request),
          );
          request.log.info({ event: 'sso callback', userId: done.userId }, 'SSO verified');
          return await reply.redirect(done.location, 303);
        } catch (error) {
          const code = error instanceof SsoFailed ? error.code : 'failed';
          const reason = error instanceof Error ? error.message : 'unknown';
          request.log.warn({ event: 'sso refused', code, reason }, 'SSO refused');
          return reply.redirect(ssoErrorLocation(code), 303);
        }
      },
    );

    app.post(
      '/api/auth/sso/finish',
      { config: { access: 'public' }, schema: { tags, body: ssoFinishSchema } },
      async (request, reply) => {
        await limited(request, reply);
        const row = await takeTicketUser(db, request.body.ticket);
        const refused = accountRefusal(row);
        if (refused) throw forbidden(SSO_ERRORS[refused]);
        const answer = await options.startSession(row, request);
        request.log.info({ event: 'signin', via: 'sso', userId: row.id }, 'Signed in with SSO');
        return answer;
      },
    );
  };
