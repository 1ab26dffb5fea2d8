import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswerSchema } from '@leadline/shared/answers';
import { idParamsSchema } from '@leadline/shared/ids';
import {
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorVerifySchema,
} from '@leadline/shared/two-factor';
import type { Db } from '../../db/connection.ts';
import { createSecretBox } from '../../mail/crypto.ts';
import { userOf } from '../../plugins/guard.ts';
import type { FastifyRequest } from 'fastify';
import type { SigninResponse } from '@leadline/shared/auth';
import type { UserRow } from '../../caller/current-user.ts';
import type { SystemMailer } from '../system-mail/mailer.ts';
import { USER_NOT_FOUND } from '../users/service.ts';
import { CODE_LIMIT, createCodeAttempts } from './attempts.ts';
import type { RateLimit } from '../rate-limits/counter.ts';
import { resetMemberTwoFactor } from './reset.ts';
import {
  disable,
  enable,
  regenerateRecoveryCodes,
  startSetup,
  twoFactorStatus,
  verifyChallenge,
} from './service.ts';
import type { TwoFactorDeps } from './service.ts';
import { auditWho, whereOf } from '../audit/record.ts';

/** Opens the session a right code earns (the auth module's, given by the app). */
export type StartSession = (row: UserRow, request: FastifyRequest) => Promise<SigninResponse>;

export type TwoFactorOptions = {
  /** Wrong codes per account (5 per 15 minutes by default). */
  limit?: RateLimit;
  /** The clock codes and limits follow (tests fix it). */
  now?: () => number;
  systemMail?: { mailer: SystemMailer; publicUrl: string };
};

const idParams = idParamsSchema(USER_NOT_FOUND, 404);
/** Open to a member whose organisation requires two-step sign-in before they set it up. */
const setupAccess = { access: 'user', beforeTwoFactorSetup: true } as const;

/**
 * Two-step sign-in: set-up, recovery codes and turning off from the profile, the code step of
 * sign-in, and an Admin's reset of a member's. `secretKey` encrypts the stored secrets;
 * `startSession` opens the session a right code earns (given by the app: no import of auth).
 */
export const twoFactorRoutes =
  (
    db: Db,
    startSession: StartSession,
    secretKey: string,
    options: TwoFactorOptions = {},
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['auth'];
    const now = options.now ?? Date.now;
    const deps: TwoFactorDeps = {
      db,
      box: createSecretBox(secretKey),
      now,
      attempts: createCodeAttempts(db, options.limit ?? CODE_LIMIT, now),
    };

    app.get('/api/auth/2fa', { config: setupAccess, schema: { tags } }, async (request) =>
      twoFactorStatus(db, userOf(request)),
    );

    app.post('/api/auth/2fa/setup', { config: setupAccess, schema: { tags } }, async (request) =>
      startSetup(deps, userOf(request)),
    );

    app.post(
      '/api/auth/2fa/enable',
      { config: setupAccess, schema: { tags, body: twoFactorCodeSchema } },
      async (request) => {
        const actor = userOf(request);
        return enable(deps, actor, request.body.code, auditWho(request, actor));
      },
    );

    app.post(
      '/api/auth/2fa/recovery-codes',
      { config: { access: 'user' }, schema: { tags, body: twoFactorCodeSchema } },
      async (request) => regenerateRecoveryCodes(deps, userOf(request), request.body.code),
    );

    app.delete(
      '/api/auth/2fa',
      {
        config: { access: 'user' },
        schema: { tags, body: twoFactorDisableSchema, response: { 200: messageAnswerSchema } },
      },
      async (request) => {
        const actor = userOf(request);
        await disable(deps, actor, request.body, auditWho(request, actor));
        return { message: 'Two-step sign-in turned off' };
      },
    );

    app.post(
      '/api/auth/2fa/verify',
      { config: { access: 'public' }, schema: { tags, body: twoFactorVerifySchema } },
      async (request) => {
        try {
          const { challenge, code } = request.body;
          const row = await verifyChallenge(deps, challenge, code, whereOf(request));
          request.log.info({ event: 'signin', userId: row.id }, 'Signed in with a code');
          return await startSession(row, request);
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          request.log.warn({ event: 'signin code refused', status }, 'Sign-in code refused');
          throw error;
        }
      },
    );

    app.delete(
      '/api/users/:id/2fa',
      {
        config: { access: 'admin' },
        schema: { tags: ['users'], params: idParams, response: { 200: messageAnswerSchema } },
      },
      async (request) => {
        const mail = options.systemMail && {
          ...options.systemMail,
          onError: (error: Error) =>
            request.log.error({ reason: error.message }, 'The account email could not be sent'),
        };
        const actor = userOf(request);
        const who = auditWho(request, actor);
        await resetMemberTwoFactor(db, actor, request.params.id, who, mail);
        return {
          message: 'Two-step sign-in reset. The member sets it up again at their next sign-in.',
        };
      },
    );
  };
