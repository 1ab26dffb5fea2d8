import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DashboardResponse } from '@leadline/shared/dashboard';
import type { Db } from '../../db/connection.ts';
import { createCoalescer } from '../../lib/coalesce.ts';
import { userOf } from '../../plugins/guard.ts';
import { scopeOf } from '../../caller/current-user.ts';
import { dashboard } from './service.ts';

export const dashboardRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    // The summary depends only on the organisation: the people of one organisation opening
    // it at the same moment (the morning's burst) share one computation, never an older one.
    const shared = createCoalescer<DashboardResponse>();
    app.get(
      '/api/dashboard',
      { config: { access: 'dashboard' }, schema: { tags: ['dashboard'] } },
      async (request) => {
        const actor = userOf(request);
        return shared(scopeOf(actor) ?? '*', () => dashboard(db, actor));
      },
    );
  };
