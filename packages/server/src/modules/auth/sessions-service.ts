import type { FastifyRequest } from 'fastify';
import { USER_AGENT_KEPT } from '@leadline/shared/accounts';
import type { SessionsResponse } from '@leadline/shared/accounts';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { endSession, findUserSessions } from './sessions-repo.ts';
import type { SessionDevice } from './sessions-repo.ts';

export const SESSION_NOT_FOUND = 'Session not found';

/** Where a request comes from, as a new session keeps it. */
export const deviceOf = (request: FastifyRequest): SessionDevice => {
  const agent = request.headers['user-agent'];
  return {
    userAgent: typeof agent === 'string' && agent ? agent.slice(0, USER_AGENT_KEPT) : null,
    address: request.ip || null,
  };
};

/** GET /api/auth/sessions: where the caller is signed in, this session marked. */
export const listSessions = async (db: Db, actor: CurrentUser): Promise<SessionsResponse> => {
  const rows = await findUserSessions(db, actor.id);
  return {
    sessions: rows.map((row) => ({
      _id: row.id,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      userAgent: row.userAgent,
      address: row.address,
      current: row.id === actor.sessionId,
    })),
  };
};

/**
 * DELETE /api/auth/sessions/:id: ends one of the caller's own sessions (404 for any other;
 * the route answers the same for what is not an id).
 */
export const endOneSession = async (db: Db, actor: CurrentUser, sessionId: string) => {
  if (!(await endSession(db, actor.id, sessionId))) throw notFound(SESSION_NOT_FOUND);
};
