import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOMAIN_CHECK_TOO_MANY,
  dkimSelectorSchema,
  domainCheckQuerySchema,
} from '@leadline/shared/domain-check';
import { mailboxParamsSchema } from '@leadline/shared/mailboxes';
import type { Db } from '../../db/connection.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import { userOf } from '../../plugins/guard.ts';
import { getDomainCheck, saveDkimSelector } from './service.ts';

/** Checking again (?refresh=1) queries DNS: per user, at most 30 in 10 minutes. */
export const DOMAIN_REFRESH_LIMIT = { max: 30, timeWindow: 10 * 60_000 };

const isRefresh = (query: unknown) => {
  const refresh = (query as { refresh?: string } | undefined)?.refresh;
  return refresh === '1' || refresh === 'true';
};

/** The sender domain checks of the caller's own mailboxes. */
export const domainCheckRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['email'];
    const settings = { access: 'configureEmail' as const };
    const params = mailboxParamsSchema;
    app.get(
      '/api/email/mailboxes/:id/domain-check',
      {
        config: {
          ...settings,
          rateLimit: {
            ...DOMAIN_REFRESH_LIMIT,
            // Only checking again counts; reading the stored check is free.
            allowList: (request) => !isRefresh(request.query),
            keyGenerator: (request) => `domain-check|${request.currentUser?.id ?? request.ip}`,
            errorResponseBuilder: (_request, context) =>
              new TooManyRequests(DOMAIN_CHECK_TOO_MANY, Math.ceil(context.ttl / 1000)),
          },
        },
        schema: { tags, params, querystring: domainCheckQuerySchema },
      },
      async (request) =>
        getDomainCheck(
          db,
          userOf(request).id,
          request.params.id.toLowerCase(),
          isRefresh(request.query),
        ),
    );
    app.put(
      '/api/email/mailboxes/:id/dkim-selector',
      { config: settings, schema: { tags, params, body: dkimSelectorSchema } },
      async (request) =>
        saveDkimSelector(
          db,
          userOf(request).id,
          request.params.id.toLowerCase(),
          request.body.selector,
        ),
    );
  };
