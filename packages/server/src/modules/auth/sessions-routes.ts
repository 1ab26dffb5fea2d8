import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@leadline/shared/ids';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { SESSION_NOT_FOUND, endOneSession, listSessions } from './sessions-service.ts';

const tags = ['auth'];
// A malformed id is answered like another user's session (404).
const sessionParams = idParamsSchema(SESSION_NOT_FOUND, 404);

/**
 * Where the caller is signed in: the list (GET) and the end of one session (DELETE), their own
 * sessions only. Any signed-in user, also before a required password change.
 */
export const sessionRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'user' as const, beforePasswordChange: true };

    app.get('/api/auth/sessions', { config, schema: { tags } }, async (request) =>
      listSessions(db, userOf(request)),
    );

    app.delete(
      '/api/auth/sessions/:id',
      { config, schema: { tags, params: sessionParams } },
      async (request) => {
        await endOneSession(db, userOf(request), request.params.id);
        return { message: 'Signed out on that device' };
      },
    );
  };
