import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';

export const healthRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      { config: { access: 'public', readGate: false }, schema: { tags: ['health'] } },
      async (_request, reply) => {
        try {
          await db.execute(sql`SELECT 1`);
          return { status: 'ok' };
        } catch {
          return reply
            .status(503)
            .send({ status: 'unavailable', message: 'The database does not answer' });
        }
      },
    );
  };
