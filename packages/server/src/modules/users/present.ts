import type { PublicUser } from '@leadline/shared/auth';
import { effectivePermissions } from '@leadline/shared/permissions';
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
  twoFactorEnabled: row.twoFactorEnabled,
  twoFactorSetupRequired:
    Boolean(row.requireTwoFactor) && !row.twoFactorEnabled && !row.sessionViaSso,
});
