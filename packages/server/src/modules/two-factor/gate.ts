import type { FastifyInstance } from 'fastify';
import { TWO_FACTOR_SETUP_MESSAGE, TWO_FACTOR_SETUP_REQUIRED } from '@leadline/shared/two-factor';
import { HttpError } from '../../lib/errors.ts';

// Module augmentation is only possible with interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route stays open to a member who must first set up two-step sign-in. */
    beforeTwoFactorSetup?: boolean;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/**
 * When an organisation requires two-step sign-in, a member without it may only read their
 * account, set it up and sign out: every other route answers 403 TWO_FACTOR_SETUP_REQUIRED.
 * Read from the user's row on every request, so switching the requirement on takes effect at
 * once. API keys are never asked for codes. Registered right after the guard.
 */
export const registerTwoFactorGate = (app: FastifyInstance): void => {
  app.addHook('onRequest', async (request) => {
    const user = request.currentUser;
    if (!user || user.apiKeyId) return;
    if (!user.row.requireTwoFactor || user.row.twoFactorEnabled) return;
    // Single sign-on: the organisation's provider asked for the second step.
    if (user.row.sessionViaSso) return;
    if (request.routeOptions.config?.beforeTwoFactorSetup) return;
    throw new HttpError(403, TWO_FACTOR_SETUP_MESSAGE, undefined, TWO_FACTOR_SETUP_REQUIRED);
  });
};
