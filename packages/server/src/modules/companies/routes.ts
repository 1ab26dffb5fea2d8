import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companyDetailAnswerSchema,
  companyListAnswerSchema,
  companyListQuerySchema,
  companyParamsSchema,
} from '@leadline/shared/companies';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { getCompany, listCompanies } from './service.ts';

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

    app.get(
      '/api/companies/*',
      {
        config,
        schema: { tags, params: companyParamsSchema, response: { 200: companyDetailAnswerSchema } },
      },
      async (request) => getCompany(db, userOf(request), request.params['*']),
    );
  };
