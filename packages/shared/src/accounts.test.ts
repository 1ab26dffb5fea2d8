import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  canManageAccount,
  changePasswordSchema,
  changeRoleSchema,
  resetPasswordSchema,
} from './accounts.ts';
import { allPermissions, defaultPermissions } from './permissions.ts';
import { MEMBER_ROLES } from './roles.ts';
import type { Role } from './roles.ts';

const person = (id: string, role: Role, organization: string | null) => ({
  id,
  role,
  organization,
  permissions:
    role === 'Super Admin' || role === 'Admin' ? allPermissions() : defaultPermissions(role),
});
const root = person('root', 'Super Admin', null);
const admin = person('admin', 'Admin', 'acme');
const rep = person('rep', 'Sales Rep', 'acme');

describe('who manages which account', () => {
  it('lets an Admin manage the members of their own organisation only', () => {
    expect(canManageAccount(admin, rep)).toBe(true);
    expect(canManageAccount(admin, person('x', 'Sales Rep', 'globex'))).toBe(false);
    expect(canManageAccount(admin, person('a2', 'Admin', 'acme'))).toBe(false);
    expect(canManageAccount(admin, root)).toBe(false);
    expect(canManageAccount(admin, admin)).toBe(false);
    expect(canManageAccount(rep, person('r2', 'Sales Rep', 'acme'))).toBe(false);
  });

  it('lets a Super Admin manage anyone but themself', () => {
    expect(canManageAccount(root, admin)).toBe(true);
    expect(canManageAccount(root, person('root2', 'Super Admin', null))).toBe(true);
    expect(canManageAccount(root, root)).toBe(false);
  });

  it('never offers the Super Admin role, nor Admin to an Admin', () => {
    expect(assignableRoles(admin, rep)).toEqual(MEMBER_ROLES);
    expect(assignableRoles(root, rep)).toEqual([
      'Admin',
      'Sales Manager',
      'Sales Rep',
      'Marketing',
      'Client Manager',
    ]);
    expect(assignableRoles(root, person('root2', 'Super Admin', null))).toEqual([]);
    expect(changeRoleSchema.safeParse({ role: 'Super Admin' }).success).toBe(false);
  });
});

describe('password schemas', () => {
  it('needs the current password and a new, different, valid one', () => {
    expect(
      changePasswordSchema.safeParse({
        currentPassword: 'old-password',
        newPassword: 'new-password',
      }).success,
    ).toBe(true);
    const same = changePasswordSchema.safeParse({
      currentPassword: 'same-password',
      newPassword: 'same-password',
    });
    expect(same.error?.issues[0]?.message).toBe('Choose a password different from the current one');
    expect(changePasswordSchema.safeParse({ currentPassword: '', newPassword: 'x' }).success).toBe(
      false,
    );
  });

  it('takes only a 64-character hexadecimal reset token', () => {
    const password = 'a-new-password';
    expect(resetPasswordSchema.safeParse({ token: 'a'.repeat(64), password }).success).toBe(true);
    for (const token of ['A'.repeat(64), 'a'.repeat(63), 'g'.repeat(64), '']) {
      expect(resetPasswordSchema.safeParse({ token, password }).success).toBe(false);
    }
  });
});
