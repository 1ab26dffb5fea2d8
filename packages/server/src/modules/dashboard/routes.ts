import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { dashboard } from './service.ts';

export const dashboardRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dashboard',
      { config: { access: 'dashboard' }, schema: { tags: ['dashboard'] } },
      async (request) => dashboard(db, userOf(request)),
    );
  };
