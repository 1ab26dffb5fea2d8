import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeRoleSchema } from '@leadline/shared/accounts';
import { publicUserAnswerSchema, userChangeAnswerSchema } from '@leadline/shared/auth';
import { idParamsSchema } from '@leadline/shared/ids';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import type { SystemMailer } from '../system-mail/mailer.ts';
import { USER_NOT_FOUND } from '../users/service.ts';
import { changeRole, deactivateUser, reactivateUser, resetPasswordByAdmin } from './accounts.ts';
import type { AccountMail } from './accounts.ts';
import { notifyPasswordChanged } from './password-service.ts';
import { auditWho } from '../audit/record.ts';

// A malformed id is answered like an unknown user (404), as the services do for a foreign one.
const idParams = idParamsSchema(USER_NOT_FOUND, 404);
const userChange = { 200: userChangeAnswerSchema };
const resetAnswer = {
  200: z.object({
    message: z.string(),
    temporaryPassword: z.string(),
    user: publicUserAnswerSchema,
    revokedApiKeys: z.array(z.object({ name: z.string(), prefix: z.string() })),
  }),
};

/**
 * Account administration under /api/users/:id: role, deactivation, reactivation and a new
 * temporary password. Admins manage their organisation's members, Super Admins anyone. Lives
 * with sign-in because each of these ends the account's sessions.
 */
export const accountsRoutes =
  (db: Db, systemMail?: { mailer: SystemMailer; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['users'];
    /** The system mailbox for this request's notices; a failure to send goes to its log. */
    const mailFor = (request: FastifyRequest): AccountMail | undefined =>
      systemMail && {
        ...systemMail,
        onError: (error) =>
          request.log.error({ reason: error.message }, 'The account email could not be sent'),
      };

    app.put(
      '/api/users/:id/role',
      {
        config: { access: 'teams' },
        schema: { tags, params: idParams, body: changeRoleSchema, response: userChange },
      },
      async (request) => {
        const actor = userOf(request);
        const { id } = request.params;
        const who = auditWho(request, actor);
        const user = await changeRole(db, actor, id, request.body.role, who, mailFor(request));
        return { message: 'Role changed', user };
      },
    );

    app.post(
      '/api/users/:id/deactivate',
      { config: { access: 'teams' }, schema: { tags, params: idParams, response: userChange } },
      async (request) => {
        const actor = userOf(request);
        const who = auditWho(request, actor);
        const user = await deactivateUser(db, actor, request.params.id, who, mailFor(request));
        return { message: 'User deactivated', user };
      },
    );

    app.post(
      '/api/users/:id/reactivate',
      { config: { access: 'teams' }, schema: { tags, params: idParams, response: userChange } },
      async (request) => ({
        message: 'User reactivated',
        user: await reactivateUser(db, userOf(request), request.params.id),
      }),
    );

    app.post(
      '/api/users/:id/reset-password',
      { config: { access: 'teams' }, schema: { tags, params: idParams, response: resetAnswer } },
      async (request) => {
        const actor = userOf(request);
        const who = auditWho(request, actor);
        const reset = await resetPasswordByAdmin(db, actor, request.params.id, who);
        const mail = mailFor(request);
        if (mail) notifyPasswordChanged(mail, reset.owner, 'admin', reset.revokedKeys);
        return {
          message:
            reset.revokedKeys.length > 0
              ? `Temporary password created. It is shown only once. ${reset.revokedKeys.length === 1 ? "The user's API key was" : `The user's ${reset.revokedKeys.length} API keys were`} revoked.`
              : 'Temporary password created. It is shown only once.',
          temporaryPassword: reset.temporaryPassword,
          user: reset.user,
          revokedApiKeys: reset.revokedKeys,
        };
      },
    );
  };
