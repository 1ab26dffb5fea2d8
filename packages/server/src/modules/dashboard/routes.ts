import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ORGANIZATION_FIGURES_FOR_MANAGERS,
  myDayAnswerSchema,
  myDayQuerySchema,
  seesOrganizationFigures,
} from '@leadline/shared/dashboard';
import type { DashboardResponse } from '@leadline/shared/dashboard';
import { forbidden } from '../../lib/errors.ts';
import type { Db } from '../../db/connection.ts';
import { createCoalescer } from '../../lib/coalesce.ts';
import { userOf } from '../../plugins/guard.ts';
import { scopeOf } from '../../caller/current-user.ts';
import { myDay } from './my-day.ts';
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
        if (!seesOrganizationFigures(actor)) throw forbidden(ORGANIZATION_FIGURES_FOR_MANAGERS);
        return shared(scopeOf(actor) ?? '*', () => dashboard(db, actor));
      },
    );
    // The caller's own day: everyone with the dashboard, managers or not.
    app.get(
      '/api/dashboard/my-day',
      {
        config: { access: 'dashboard' },
        schema: {
          tags: ['dashboard'],
          querystring: myDayQuerySchema,
          response: { 200: myDayAnswerSchema },
        },
      },
      async (request) => myDay(db, userOf(request), request.query.timeZone),
    );
  };
