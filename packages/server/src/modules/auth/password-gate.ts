import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/errors.ts';

export const MUST_CHANGE_PASSWORD_MESSAGE =
  'You signed in with a temporary password. Choose a new password before you continue.';

// Module augmentation is only possible with interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route stays open to a user who must first change a temporary password. */
    beforePasswordChange?: boolean;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/**
 * A user whose password an administrator reset signs in with the temporary one and may then
 * only read their account, change the password or sign out: every other route answers 403.
 * Registered right after the guard, so the caller is already known.
 */
export const registerPasswordChangeGate = (app: FastifyInstance): void => {
  app.addHook('onRequest', async (request) => {
    if (!request.currentUser?.row.mustChangePassword) return;
    if (request.routeOptions.config?.beforePasswordChange) return;
    throw forbidden(MUST_CHANGE_PASSWORD_MESSAGE);
  });
};
