import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportExportQuerySchema, reportQuerySchema } from '@leadline/shared/reports';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { reportCsv } from './export.ts';
import { callerWho, recordAudit } from '../audit/record.ts';
import { buildReport } from './service.ts';

export const reportsRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['reports'];
    const read = { access: 'reports' as const };

    app.get(
      '/api/reports',
      { config: read, schema: { tags, querystring: reportQuerySchema } },
      async (request) => buildReport(db, userOf(request), request.query),
    );

    app.get(
      '/api/reports/export',
      { config: read, schema: { tags, querystring: reportExportQuerySchema } },
      async (request, reply) => {
        const { section, ...query } = request.query;
        const report = await buildReport(db, userOf(request), query, new Date(), section);
        const { filename, csv } = reportCsv(report, section);
        await recordAudit(db, callerWho(request), 'export.downloaded', {
          what: 'report',
          section,
          from: query.from,
          to: query.to,
        });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
