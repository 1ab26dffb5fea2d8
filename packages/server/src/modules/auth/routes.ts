import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { firstAdminSchema, signinSchema, signupSchema } from '@leadline/shared/auth';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
} from '@leadline/shared/accounts';
import type { AuthOptions } from '@leadline/shared/accounts';
import type { Db } from '../../db/connection.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { userOf } from '../../plugins/guard.ts';
import { toPublicUser } from '../users/present.ts';
import { createUser, register } from '../users/service.ts';
import type { SystemMailer } from '../system-mail/mailer.ts';
import {
  FORGOT_ANSWER,
  changePassword,
  requestPasswordReset,
  resetPasswordWithLink,
} from './password-service.ts';
import { needsFirstAdmin, setupFirstAdmin, signin, signout } from './service.ts';

export type RateLimit = { max: number; timeWindow: number };
export type AuthLimits = {
  signin: RateLimit;
  signup: RateLimit;
  /** Forgot-password requests per address and email, reset attempts per address. */
  passwordReset?: RateLimit;
};

/** The operator's mailbox for reset links, and the product's address the links point to. */
export type SystemMail = { mailer: SystemMailer; publicUrl: string };

const PASSWORD_RESET_LIMIT: RateLimit = { max: 5, timeWindow: 15 * 60_000 };
const NO_SYSTEM_MAIL =
  'Password reset by email is not set up on this server. Ask an administrator to reset your password.';

export const authRoutes =
  (
    db: Db,
    tokens: TokenService,
    limits: AuthLimits,
    systemMail?: SystemMail,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['auth'];
    const resetLimit = limits.passwordReset ?? PASSWORD_RESET_LIMIT;
    // Keyed by address and email: a brute force on one account is stopped without
    // locking out a whole office behind one address.
    const signinLimit = {
      ...limits.signin,
      hook: 'preHandler' as const,
      keyGenerator: (request: { ip: string; body?: unknown }) =>
        `${request.ip}|${String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
    };

    app.get('/api/auth/setup', { config: { access: 'public' }, schema: { tags } }, async () => ({
      needsFirstAdmin: await needsFirstAdmin(db),
    }));

    app.post(
      '/api/auth/setup',
      {
        config: { access: 'public', rateLimit: limits.signup },
        schema: { tags, body: firstAdminSchema },
      },
      async (request, reply) =>
        reply.status(201).send(await setupFirstAdmin(db, tokens, request.body)),
    );

    app.post(
      '/api/auth/signin',
      {
        config: { access: 'public', rateLimit: signinLimit },
        schema: { tags, body: signinSchema },
      },
      async (request) => signin(db, tokens, request.body.email, request.body.password),
    );

    app.post(
      '/api/auth/signup',
      {
        config: { access: 'optional', rateLimit: limits.signup },
        schema: { tags, body: signupSchema },
      },
      async (request, reply) => {
        const actor = request.currentUser;
        if (actor) {
          const user = await createUser(db, actor, request.body);
          return reply.status(201).send({ message: 'User created successfully', user });
        }
        const user = await register(db, request.body);
        return reply
          .status(201)
          .send({ message: 'Registration successful. Your account is pending approval.', user });
      },
    );

    app.get(
      '/api/auth/me',
      { config: { access: 'user', beforePasswordChange: true }, schema: { tags } },
      async (request) => toPublicUser(userOf(request).row),
    );

    app.get(
      '/api/auth/options',
      { config: { access: 'public' }, schema: { tags } },
      async (): Promise<AuthOptions> => ({ passwordResetByEmail: systemMail !== undefined }),
    );

    app.post(
      '/api/auth/signout',
      { config: { access: 'user', beforePasswordChange: true }, schema: { tags } },
      async (request) => {
        await signout(db, userOf(request));
        return { message: 'Signed out' };
      },
    );

    app.post(
      '/api/auth/change-password',
      {
        config: {
          access: 'user',
          beforePasswordChange: true,
          rateLimit: {
            ...limits.signin,
            hook: 'preHandler' as const,
            keyGenerator: (request: { currentUser: { id: string } | null; ip: string }) =>
              request.currentUser?.id ?? request.ip,
          },
        },
        schema: { tags, body: changePasswordSchema },
      },
      async (request) => ({
        message: 'Password changed. Your other sessions have been signed out.',
        ...(await changePassword(db, tokens, userOf(request), request.body)),
      }),
    );

    app.post(
      '/api/auth/forgot',
      {
        config: {
          access: 'public',
          rateLimit: {
            ...resetLimit,
            hook: 'preHandler' as const,
            keyGenerator: (request: { ip: string; body?: unknown }) =>
              `${request.ip}|${String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
          },
        },
        schema: { tags, body: forgotPasswordSchema },
      },
      async (request, reply) => {
        if (!systemMail) return reply.status(400).send({ message: NO_SYSTEM_MAIL });
        await requestPasswordReset(
          db,
          {
            ...systemMail,
            onError: (error) =>
              request.log.error(
                { reason: error.message },
                'The password-reset email could not be sent',
              ),
          },
          request.body.email,
        );
        return { message: FORGOT_ANSWER };
      },
    );

    app.post(
      '/api/auth/reset',
      {
        config: { access: 'public', rateLimit: { ...resetLimit, max: resetLimit.max * 4 } },
        schema: { tags, body: resetPasswordSchema },
      },
      async (request) => {
        await resetPasswordWithLink(db, request.body);
        return { message: 'Your password has been changed. Sign in with your new password.' };
      },
    );
  };
