import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { firstAdminSchema, signinSchema, signupSchema } from '@leadline/shared/auth';
import type { Db } from '../../db/connection.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { userOf } from '../../plugins/guard.ts';
import { toPublicUser } from '../users/present.ts';
import { createUser, register } from '../users/service.ts';
import { needsFirstAdmin, setupFirstAdmin, signin } from './service.ts';

export type RateLimit = { max: number; timeWindow: number };
export type AuthLimits = { signin: RateLimit; signup: RateLimit };

export const authRoutes =
  (db: Db, tokens: TokenService, limits: AuthLimits): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['auth'];
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

    app.get('/api/auth/me', { config: { access: 'user' }, schema: { tags } }, async (request) =>
      toPublicUser(userOf(request).row),
    );
  };
