import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAIL_OAUTH_CALLBACK_PATH,
  oauthCallbackQuerySchema,
  oauthStartSchema,
} from '@leadline/shared/mail-oauth';
import type { Db } from '../../db/connection.ts';
import { createSecretBox } from '../../mail/crypto.ts';
import { userOf } from '../../plugins/guard.ts';
import { BROWSER_COOKIE, cookieOf } from './pkce.ts';
import {
  STATE_LIFE_MS,
  disconnect,
  finishConnect,
  listProviders,
  startConnect,
} from './service.ts';

/** Sign-ins started (and callbacks) per user or address: at most 30 in 10 minutes. */
const FLOW_LIMIT = { max: 30, timeWindow: 10 * 60_000 };

export type MailOAuthOptions = {
  /** PUBLIC_URL: the redirect URI is this followed by /api/email/oauth/callback. */
  publicUrl: string;
  /** A mailbox was (re)connected: runs that waited for it go on. */
  onConnected?: (userId: string) => Promise<void>;
};

/** Connect Google / Microsoft 365 / the custom provider (OAuth 2.0 with PKCE). */
export const mailOAuthRoutes =
  (db: Db, secretKey: string, options: MailOAuthOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const box = createSecretBox(secretKey);
    const tags = ['email'];
    const settings = { access: 'configureEmail' as const };
    const secure = options.publicUrl.startsWith('https:') ? '; Secure' : '';
    app.get('/api/email/oauth', { config: settings, schema: { tags } }, async () =>
      listProviders(options.publicUrl),
    );
    app.post(
      '/api/email/oauth/start',
      {
        config: {
          ...settings,
          rateLimit: {
            ...FLOW_LIMIT,
            keyGenerator: (request) => `mail-oauth|${request.currentUser?.id ?? request.ip}`,
          },
        },
        schema: { tags, body: oauthStartSchema },
      },
      async (request, reply) => {
        const started = await startConnect(
          db,
          box,
          userOf(request),
          request.body.provider,
          options.publicUrl,
        );
        // Binds the sign-in to this browser: a callback link sent to someone else does nothing.
        reply.header(
          'set-cookie',
          `${BROWSER_COOKIE}=${started.browser}; Path=${MAIL_OAUTH_CALLBACK_PATH}; Max-Age=${STATE_LIFE_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
        );
        return { url: started.url };
      },
    );
    // A browser navigation back from the provider: no token, the state names the user.
    app.get(
      MAIL_OAUTH_CALLBACK_PATH,
      {
        config: { access: 'public', rateLimit: FLOW_LIMIT },
        schema: { tags, querystring: oauthCallbackQuerySchema },
      },
      async (request, reply) => {
        const browser = cookieOf(request.headers.cookie, BROWSER_COOKIE);
        const done = await finishConnect(db, box, request.query, browser, options.publicUrl);
        if (done.connected) await options.onConnected?.(done.connected).catch(() => undefined);
        reply.header(
          'set-cookie',
          `${BROWSER_COOKIE}=; Path=${MAIL_OAUTH_CALLBACK_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
        );
        return reply.redirect(done.location, 303);
      },
    );
    app.delete('/api/email/oauth', { config: settings, schema: { tags } }, async (request) =>
      disconnect(db, userOf(request)),
    );
  };
