import type { PublicUser } from '@leadline/shared/auth';
import { effectivePermissions } from '@leadline/shared/permissions';
import type { Actor } from '@leadline/shared/permissions';
import type { UserRow } from './repo.ts';

export const isExpired = (row: Pick<UserRow, 'expiresAt'>, now = new Date()): boolean =>
  row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();

/**
 * Whether mail may still go out in this user's name: an active, unexpired account that belongs
 * to an organisation (a Super Admin belongs to none but may send in any).
 */
export const maySend = (
  row: Pick<UserRow, 'status' | 'expiresAt' | 'organizationId' | 'role'>,
): boolean =>
  row.status === 'active' &&
  !isExpired(row) &&
  (row.organizationId !== null || row.role === 'Super Admin');

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** A user as the API shows it: never the password hash; administrators hold every permission. */
export const toPublicUser = (row: UserRow): PublicUser => ({
  _id: row.id,
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  permissions: effectivePermissions(row.role, row.permissions),
  isOrgUser: row.organizationId !== null,
  organization: row.organization,
  department: row.department,
  status: row.status,
  isActive: row.status === 'active' && !isExpired(row),
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  expiresAt: iso(row.expiresAt),
  lastLoginAt: iso(row.lastLoginAt),
  mustChangePassword: row.mustChangePassword,
});

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
