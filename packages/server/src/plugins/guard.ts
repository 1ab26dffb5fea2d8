import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ORGANIZATION_HEADER } from '@leadline/shared/organization';
import {
  PERMISSION_LABELS,
  hasPermission,
  isAdministrator,
  isPermissionKey,
} from '@leadline/shared/permissions';
import type { PermissionKey } from '@leadline/shared/permissions';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { CurrentUser } from '../caller/current-user.ts';

/**
 * Who may call a route: anyone; anyone, with the caller read when a token is sent; any
 * signed-in user; a Super Admin; an administrator (Admin or Super Admin); holders of one permission key; or holders of any of several
 * (a route that serves more than one screen).
 */
export type Access =
  | 'public'
  | 'optional'
  | 'user'
  | 'superAdmin'
  | 'admin'
  | PermissionKey
  | readonly PermissionKey[];

const isAccess = (access: unknown): access is Access =>
  Array.isArray(access)
    ? access.length > 0 && access.every(isPermissionKey)
    : typeof access === 'string' &&
      (['public', 'optional', 'user', 'superAdmin', 'admin'].includes(access) ||
        isPermissionKey(access));

// Module augmentation is only possible with interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/**
 * Mail settings and the inbox are the user's own, whatever organisation a Super Admin works
 * in: the X-Organization header does not apply to them.
 */
const PERSONAL_ACCESS: readonly Access[] = ['configureEmail', 'inbox'];

const organizationHeader = (request: FastifyRequest): string | undefined => {
  const value = request.headers[ORGANIZATION_HEADER.toLowerCase()];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text : undefined;
};

const bearer = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized('Your session has expired. Please sign in again.');
  return match[1]!;
};

/** The signed-in user; only call from routes whose access requires one. */
export const userOf = (request: FastifyRequest): CurrentUser => {
  if (!request.currentUser) throw unauthorized('Your session has expired. Please sign in again.');
  return request.currentUser;
};

/**
 * How the guard learns who calls: the token's user (refused with 401 when the token or session
 * is not valid), and the user as they act in the organisation a Super Admin chose with the
 * X-Organization header. Given by the app, so the guard depends on no module.
 */
export type CallerLookup = {
  authenticate: (token: string) => Promise<CurrentUser>;
  actingUser: (user: CurrentUser, organizationHeader: string | undefined) => Promise<CurrentUser>;
  /** Counts a request made with an API key against the key's rate (throws 429 beyond it). */
  limitApiKey?: (request: FastifyRequest, reply: FastifyReply, apiKeyId: string) => Promise<void>;
};

/**
 * Every /api route must declare its access, or the server refuses to start: no route can be
 * added that skips the guard.
 */
export const registerGuard = (app: FastifyInstance, callers: CallerLookup) => {
  app.decorateRequest('currentUser', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    if (!isAccess(access)) {
      throw new Error(
        `Route ${route.method} ${route.url} has an unknown access rule ${String(access)}`,
      );
    }
  });
  // onRequest: the caller is known before the body is parsed or validated, so a request
  // without a valid token is a 401 whatever it sends. The organisation the request works in
  // (X-Organization) is resolved here too, so every service follows it.
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = bearer(request);
    if (!token) {
      if (access === 'optional') return;
      throw unauthorized('Your session has expired. Please sign in again.');
    }
    const signedIn = await callers.authenticate(token);
    if (signedIn.apiKeyId) await callers.limitApiKey?.(request, reply, signedIn.apiKeyId);
    const user = PERSONAL_ACCESS.includes(access)
      ? signedIn
      : await callers.actingUser(signedIn, organizationHeader(request));
    request.currentUser = user;
    if (access === 'optional' || access === 'user') return;
    if (access === 'superAdmin') {
      if (user.role !== 'Super Admin') throw forbidden('You do not have permission to do this.');
      return;
    }
    if (access === 'admin') {
      if (!isAdministrator(user)) throw forbidden('Only administrators can do this.');
      return;
    }
    const keys: readonly PermissionKey[] = typeof access === 'string' ? [access] : access;
    if (!keys.some((key) => hasPermission(user, key))) {
      throw forbidden(`You do not have permission to access ${PERMISSION_LABELS[keys[0]!]}.`);
    }
  });
};
