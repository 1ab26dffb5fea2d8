import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditFilterSchema, auditQuerySchema } from '@leadline/shared/audit';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { exportAudit, listAudit } from './service.ts';
import { auditWho } from './who.ts';

/** The audit log: administrators only (an Admin their organisation, a Super Admin all). */
export const auditRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['audit'];
    const config = { access: 'admin' as const };

    app.get(
      '/api/audit',
      { config, schema: { tags, querystring: auditQuerySchema } },
      async (request) => listAudit(db, userOf(request), request.query),
    );

    app.get(
      '/api/audit/export',
      { config, schema: { tags, querystring: auditFilterSchema } },
      async (request, reply) => {
        const actor = userOf(request);
        const csv = await exportAudit(db, actor, request.query, auditWho(request, actor));
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
