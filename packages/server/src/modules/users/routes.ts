import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswerSchema } from '@leadline/shared/answers';
import {
  approveSchema,
  publicUserAnswerSchema,
  updatePermissionsSchema,
  userChangeAnswerSchema,
  usersAnswerSchema,
} from '@leadline/shared/auth';
import { idParamsSchema } from '@leadline/shared/ids';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { userDeletionQuerySchema } from '@leadline/shared/organization';
import type { SystemMailer } from '../system-mail/mailer.ts';
import { deleteUserAccount } from './delete.ts';
import { auditWho } from '../audit/record.ts';
import {
  PENDING_USER_NOT_FOUND,
  USER_NOT_FOUND,
  approveUser,
  pendingUsers,
  rejectUser,
  teamUsers,
  updatePermissions,
} from './service.ts';

// A malformed id is answered like an unknown user (404), as the services do for a foreign one.
const idParams = idParamsSchema(USER_NOT_FOUND, 404);
const pendingParams = idParamsSchema(PENDING_USER_NOT_FOUND, 404);
const userChange = { 200: userChangeAnswerSchema };

export const usersRoutes =
  (db: Db, systemMail?: { mailer: SystemMailer; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['users'];

    app.get(
      '/api/auth/pending',
      {
        config: { access: 'superAdmin' },
        schema: { tags, response: { 200: z.array(publicUserAnswerSchema) } },
      },
      async (request) => pendingUsers(db, userOf(request)),
    );

    app.put(
      '/api/users/approve/:id',
      {
        config: { access: 'superAdmin' },
        schema: { tags, params: pendingParams, body: approveSchema, response: userChange },
      },
      async (request) => {
        const actor = userOf(request);
        const { id } = request.params;
        const who = auditWho(request, actor);
        const user = await approveUser(db, actor, id, request.body.expiresAt, who);
        return { message: 'User approved successfully', user };
      },
    );

    app.delete(
      '/api/users/reject/:id',
      {
        config: { access: 'superAdmin' },
        schema: { tags, params: pendingParams, response: { 200: messageAnswerSchema } },
      },
      async (request) => {
        await rejectUser(db, userOf(request), request.params.id);
        return { message: 'User rejected successfully' };
      },
    );

    app.get(
      '/api/users',
      { config: { access: 'teams' }, schema: { tags, response: { 200: usersAnswerSchema } } },
      async (request) => teamUsers(db, userOf(request)),
    );

    app.put(
      '/api/users/:id/permissions',
      {
        config: { access: 'teams' },
        schema: { tags, params: idParams, body: updatePermissionsSchema, response: userChange },
      },
      async (request) => {
        const actor = userOf(request);
        const { id } = request.params;
        const who = auditWho(request, actor);
        const user = await updatePermissions(db, actor, id, request.body.permissions, who);
        return { message: 'Permissions updated successfully', user };
      },
    );

    app.delete(
      '/api/users/:id',
      {
        config: { access: 'teams' },
        schema: {
          tags,
          params: idParams,
          querystring: userDeletionQuerySchema,
          response: { 200: messageAnswerSchema },
        },
      },
      async (request) => {
        const actor = userOf(request);
        const { successor } = await deleteUserAccount(
          db,
          actor,
          request.params.id,
          auditWho(request, actor),
          request.query.successorId,
          systemMail && {
            ...systemMail,
            onError: (error) =>
              request.log.error({ reason: error.message }, 'A notice email could not be sent'),
          },
        );
        return {
          message: successor ? `User deleted; their leads went to ${successor}` : 'User deleted',
        };
      },
    );
  };
