import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { firstAdminSchema, signinSchema, signoutSchema, signupSchema } from '@leadline/shared/auth';
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
  notifyPasswordChanged,
  notifySignupAttempt,
  requestPasswordReset,
  resetPasswordWithLink,
} from './password-service.ts';
import type { ResetMailing } from './password-service.ts';
import { createAuthLimiter, TooManyAttempts } from './limits.ts';
import { deviceOf } from './sessions-service.ts';
import { auditWho, whereOf } from '../audit/record.ts';
import type { RateLimit } from './limits.ts';
import {
  ADMIN_EXISTS,
  needsFirstAdmin,
  setupFirstAdmin,
  signin,
  signout,
  signoutEverywhere,
} from './service.ts';
import { conflict } from '../../lib/errors.ts';

export type { RateLimit };
export type AuthLimits = {
  /** Failed sign-ins per account, whatever the address, before the growing delays start. */
  signin: RateLimit;
  /** Failed sign-ins per address across accounts; 6 × signin by default. */
  signinPerAddress?: RateLimit;
  /** The first delay once an account is over its limit, and the longest (milliseconds). */
  signinDelays?: { first: number; cap: number };
  /** Anonymous sign-ups per address (first-administrator set-ups are counted apart). */
  signup: RateLimit;
  /** Anonymous sign-ups per email; a quarter of signup by default. */
  signupPerEmail?: RateLimit;
  /** The limits' clock (tests move it). */
  now?: () => number;
  /** Forgot-password requests per address and email; reset attempts per address, 4 × this. */
  passwordReset?: RateLimit;
  /** First-administrator set-ups per address; the signup limit by default. */
  setup?: RateLimit;
  /** Wrong two-step codes per account; 5 per 15 minutes by default. */
  twoFactor?: RateLimit;
  /** Single sign-on starts, callbacks and finishes per address; 30 per 10 minutes by default. */
  sso?: RateLimit;
};

/** The operator's mailbox for reset links, and the product's address the links point to. */
export type SystemMail = { mailer: SystemMailer; publicUrl: string };

const PASSWORD_RESET_LIMIT: RateLimit = { max: 5, timeWindow: 15 * 60_000 };
const SIGNIN_DELAYS = { first: 1000, cap: 60_000 };

/** A refusal for too many attempts says in Retry-After when to come back. */
const withRetryAfter = async <T>(
  reply: { header: (name: string, value: string) => unknown },
  run: () => Promise<T>,
): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof TooManyAttempts) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    throw error;
  }
};
/** The system mailbox for one request's email: a failure to send goes to its log. */
/** How long "an administrator exists" is taken as read: every sign-in page asks. */
const SETUP_ANSWER_MS = 5000;

/**
 * needsFirstAdmin for GET /api/auth/setup: once a server has its administrator the answer is
 * reused for a few seconds, so a burst of sign-in pages costs one query; while none exists it
 * is read every time (the first-administrator form must disappear as soon as one is made).
 */
const firstAdminCheck = (db: Db) => {
  let answeredNoAt = Number.NEGATIVE_INFINITY;
  return async (): Promise<boolean> => {
    if (performance.now() - answeredNoAt < SETUP_ANSWER_MS) return false;
    const needed = await needsFirstAdmin(db);
    if (!needed) answeredNoAt = performance.now();
    return needed;
  };
};

const mailingFor = (request: FastifyRequest, systemMail: SystemMail): ResetMailing => ({
  ...systemMail,
  onError: (error) =>
    request.log.error({ reason: error.message }, 'The account email could not be sent'),
});

/**
 * The answer to an anonymous sign-up, the same whether the email was new (a pending account
 * was made) or already had an account (its owner is emailed instead): the answer does not tell
 * a stranger which addresses are registered.
 */
export const SIGNUP_ANSWER =
  'Thank you. If this email can be registered, the account now awaits approval by an administrator; if it already has an account, we have emailed its owner.';

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
    const limiter = createAuthLimiter(
      db,
      {
        perAccount: limits.signin,
        perAddress: limits.signinPerAddress ?? {
          max: limits.signin.max * 6,
          timeWindow: limits.signin.timeWindow,
        },
        delays: limits.signinDelays ?? SIGNIN_DELAYS,
      },
      {
        perAddress: limits.signup,
        perEmail: limits.signupPerEmail ?? {
          max: Math.max(1, Math.ceil(limits.signup.max / 4)),
          timeWindow: limits.signup.timeWindow,
        },
      },
      {
        changePassword: limits.signin,
        setup: limits.setup ?? limits.signup,
        reset: { ...resetLimit, max: resetLimit.max * 4 },
        forgot: resetLimit,
      },
      limits.now,
    );

    const firstAdminNeeded = firstAdminCheck(db);
    app.get(
      '/api/auth/setup',
      { config: { access: 'public', readGate: false }, schema: { tags } },
      async () => ({ needsFirstAdmin: await firstAdminNeeded() }),
    );

    app.post(
      '/api/auth/setup',
      {
        config: { access: 'public' },
        schema: { tags, body: firstAdminSchema },
      },
      async (request, reply) => {
        await withRetryAfter(reply, () => limiter.setup(request.ip));
        // Checked before the password is hashed: once set-up is done, a request costs no hash.
        if (!(await firstAdminNeeded())) throw conflict(ADMIN_EXISTS);
        return reply.status(201).send(await setupFirstAdmin(db, tokens, request.body));
      },
    );

    app.post(
      '/api/auth/signin',
      {
        config: { access: 'public' },
        schema: { tags, body: signinSchema },
      },
      async (request, reply) => {
        // Every decision is logged (never the password, nor the address typed: a mistyped
        // password in the email field would end up in the log).
        try {
          const answer = await withRetryAfter(reply, () =>
            limiter.signin(request.ip, request.body.email, () =>
              signin(db, tokens, request.body.email, request.body.password, deviceOf(request)),
            ),
          );
          if ('twoFactorRequired' in answer) {
            request.log.info({ event: 'signin code asked' }, 'Password right, code asked');
          } else {
            request.log.info({ event: 'signin', userId: answer.user._id }, 'Signed in');
          }
          return answer;
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          request.log.warn({ event: 'signin refused', status }, 'Sign-in refused');
          throw error;
        }
      },
    );

    app.post(
      '/api/auth/signup',
      {
        config: { access: 'optional' },
        schema: { tags, body: signupSchema },
      },
      async (request, reply) => {
        const actor = request.currentUser;
        if (actor) {
          const user = await createUser(db, actor, request.body, auditWho(request, actor));
          return reply.status(201).send({ message: 'User created successfully', user });
        }
        const registration = await withRetryAfter(reply, () =>
          limiter.signup(request.ip, request.body.email, () =>
            register(db, request.body, whereOf(request)),
          ),
        );
        if ('taken' in registration) {
          request.log.info({ event: 'signup of a registered email' }, 'Sign-up refused quietly');
          if (systemMail) notifySignupAttempt(mailingFor(request, systemMail), registration.taken);
        }
        return reply.status(201).send({ message: SIGNUP_ANSWER });
      },
    );

    app.get(
      '/api/auth/me',
      {
        config: { access: 'user', beforePasswordChange: true, beforeTwoFactorSetup: true },
        schema: { tags },
      },
      async (request) => toPublicUser(userOf(request).row),
    );

    app.get(
      '/api/auth/options',
      { config: { access: 'public', readGate: false }, schema: { tags } },
      async (): Promise<AuthOptions> => ({ passwordResetByEmail: systemMail !== undefined }),
    );

    app.post(
      '/api/auth/signout',
      {
        config: { access: 'user', beforePasswordChange: true, beforeTwoFactorSetup: true },
        schema: { tags, body: signoutSchema.nullish() },
      },
      async (request) => {
        if (request.body?.everywhere) {
          const actor = userOf(request);
          const revoked = await signoutEverywhere(
            db,
            actor,
            auditWho(request, actor),
            request.body.revokeApiKeys ?? false,
          );
          if (!request.body.revokeApiKeys) return { message: 'Signed out everywhere' };
          return {
            message: `Signed out everywhere; ${revoked.length === 1 ? '1 API key' : `${revoked.length} API keys`} revoked`,
            revokedApiKeys: revoked,
          };
        }
        const actor = userOf(request);
        await signout(db, actor, auditWho(request, actor));
        return { message: 'Signed out' };
      },
    );

    app.post(
      '/api/auth/change-password',
      {
        // Open before two-step set-up too: a temporary password is replaced first.
        config: { access: 'user', beforePasswordChange: true, beforeTwoFactorSetup: true },
        schema: { tags, body: changePasswordSchema },
      },
      async (request, reply) => {
        const actor = userOf(request);
        // Each try checks the current password: counted per user before it is hashed.
        await withRetryAfter(reply, () => limiter.changePassword(actor.id));
        const changed = await changePassword(db, tokens, actor, request.body, deviceOf(request));
        // Changing one's own password leaves the API keys (the email says so).
        if (systemMail) notifyPasswordChanged(mailingFor(request, systemMail), actor, 'changed');
        return {
          message: 'Password changed. Your other sessions have been signed out.',
          ...changed,
        };
      },
    );

    app.post(
      '/api/auth/forgot',
      {
        config: { access: 'public' },
        schema: { tags, body: forgotPasswordSchema },
      },
      async (request, reply) => {
        await withRetryAfter(reply, () => limiter.forgot(request.ip, request.body.email));
        if (!systemMail) return reply.status(400).send({ message: NO_SYSTEM_MAIL });
        await requestPasswordReset(db, mailingFor(request, systemMail), request.body.email);
        return { message: FORGOT_ANSWER };
      },
    );

    app.post(
      '/api/auth/reset',
      {
        config: { access: 'public' },
        schema: { tags, body: resetPasswordSchema },
      },
      async (request, reply) => {
        await withRetryAfter(reply, () => limiter.reset(request.ip));
        const { owner, revokedKeys } = await resetPasswordWithLink(
          db,
          request.body,
          whereOf(request),
        );
        if (systemMail) {
          notifyPasswordChanged(mailingFor(request, systemMail), owner, 'reset', revokedKeys);
        }
        return {
          message:
            revokedKeys.length > 0
              ? `Your password has been changed and your API keys revoked (${revokedKeys.length}). Sign in with your new password.`
              : 'Your password has been changed. Sign in with your new password.',
        };
      },
    );
  };
