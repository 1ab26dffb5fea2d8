import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { gettingStarted, organizationsFor } from './service.ts';

export const organizationsRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/organizations',
      { config: { access: 'user' }, schema: { tags: ['organizations'] } },
      async (request) => organizationsFor(db, userOf(request)),
    );

    app.get(
      '/api/organizations/getting-started',
      { config: { access: 'dashboard' }, schema: { tags: ['organizations'] } },
      async (request) => gettingStarted(db, userOf(request)),
    );
  };
