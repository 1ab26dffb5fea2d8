import type { Actor } from '@leadline/shared/permissions';
import { effectivePermissions } from '@leadline/shared/permissions';
import type { users } from '../db/tables.ts';
import { badRequest } from '../lib/errors.ts';

/** A user as stored, with their organisation's name. */
export type UserRow = typeof users.$inferSelect & {
  organization: string | null;
  /** Its organisation requires two-step sign-in (read with the user). */
  requireTwoFactor?: boolean | null;
  /** The session the user was read with began with single sign-on (see startSession). */
  sessionViaSso?: boolean;
};

/**
 * The signed-in user as the guard and services see them, read fresh on every request.
 * `organizationId`/`organization` are the organisation the request works in: the user's own,
 * or, for a Super Admin, the one chosen by the X-Organization header (`actingIn` true; they stay
 * a Super Admin). `row` is the user as stored (their own organisation, for personal settings).
 */
export type CurrentUser = Actor & {
  id: string;
  name: string;
  email: string;
  organizationId: string | null;
  actingIn: boolean;
  row: UserRow;
  /** The session the request's token belongs to (sign-out ends it). */
  sessionId?: string;
  /** The API key the request came with, when it came with one instead of a session. */
  apiKeyId?: string;
};

export const toCurrentUser = (row: UserRow): CurrentUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  organization: row.organization,
  organizationId: row.organizationId,
  actingIn: false,
  permissions: effectivePermissions(row.role, row.permissions),
  row,
});

/**
 * The organisation whose records the caller sees; null for a Super Admin working in none
 * (every organisation).
 */
export const scopeOf = (actor: CurrentUser): string | null =>
  actor.role === 'Super Admin' && !actor.actingIn ? null : actor.organizationId;

/** What a Super Admin working in no organisation is told when an action needs one. */
export const chooseOrganization = (purpose: string): string =>
  `Choose an organisation in the header to ${purpose}`;

/** The organisation the caller works in, or 400 with `message` (a Super Admin working in none). */
export const organizationIn = (actor: CurrentUser, message: string): string => {
  if (!actor.organizationId) throw badRequest(message);
  return actor.organizationId;
};
