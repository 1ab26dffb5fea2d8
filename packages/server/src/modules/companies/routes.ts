import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companyDetailAnswerSchema,
  companyListAnswerSchema,
  companyListQuerySchema,
  companyParamsSchema,
} from '@leadline/shared/companies';
import { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { getCompany, getCompanyConversation, listCompanies } from './service.ts';

/** A company key as the company page's path takes it, here before /conversation. */
const conversationParams = z.object({ key: companyParamsSchema.shape['*'] });

export const companiesRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['companies'];
    const config = { access: 'companies' as const };

    app.get(
      '/api/companies',
      {
        config,
        schema: {
          tags,
          querystring: companyListQuerySchema,
          response: { 200: companyListAnswerSchema },
        },
      },
      async (request) => listCompanies(db, userOf(request), request.query),
    );

    // Before the catch-all below: its key never holds a '/'.
    app.get(
      '/api/companies/:key/conversation',
      { config, schema: { tags, params: conversationParams } },
      async (request) => getCompanyConversation(db, userOf(request), request.params.key),
    );

    app.get(
      '/api/companies/*',
      {
        config,
        schema: { tags, params: companyParamsSchema, response: { 200: companyDetailAnswerSchema } },
      },
      async (request) => getCompany(db, userOf(request), request.params['*']),
    );
  };
