import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leaderboardAnswerSchema, leaderboardQuerySchema } from '@leadline/shared/leaderboard';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { buildLeaderboard } from './service.ts';

export const leaderboardRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/leaderboard',
      {
        config: { access: 'leaderboard' },
        schema: {
          tags: ['leaderboard'],
          querystring: leaderboardQuerySchema,
          response: { 200: leaderboardAnswerSchema },
        },
      },
      async (request) => buildLeaderboard(db, userOf(request), request.query),
    );
  };
