import { describe, expect, it } from 'vitest';
import {
  CREATION_KEYS,
  MEMBER_DEFAULT_KEYS,
  PERMISSION_GROUPS,
  PERMISSION_KEYS,
  canCreateRole,
  canEditPermissions,
  canUseTemplates,
  creatableRoles,
  defaultPermissions,
  hasPermission,
  landingPath,
  noPermissions,
  normalisePermissions,
} from './permissions.ts';
import { MEMBER_ROLES } from './roles.ts';
import { EXPECTED_ROLE_DEFAULTS } from './testing/role-defaults.ts';
import { normaliseOrganization, initials } from './organization.ts';
import { signupSchema } from './auth.ts';

const member = (overrides: Partial<Record<string, boolean>> = {}) => ({
  role: 'Sales Rep' as const,
  organization: 'acme',
  permissions: normalisePermissions({ ...defaultPermissions('Sales Rep'), ...overrides }),
});

describe('permission keys', () => {
  it('puts every key in exactly one editor group', () => {
    const grouped = PERMISSION_GROUPS.flatMap((group) => group.keys);
    expect([...grouped].sort()).toEqual([...PERMISSION_KEYS].sort());
  });

  it('gives members their role defaults and administrators everything', () => {
    for (const role of MEMBER_ROLES) {
      const granted = defaultPermissions(role);
      expect(PERMISSION_KEYS.filter((key) => granted[key]).sort(), role).toEqual(
        [...EXPECTED_ROLE_DEFAULTS[role].granted].sort(),
      );
    }
    // Templates open with any sending permission, which every member holds by default.
    for (const role of MEMBER_ROLES) {
      expect(
        canUseTemplates({ role, organization: 'a', permissions: defaultPermissions(role) }),
      ).toBe(true);
    }
    expect(Object.values(defaultPermissions('Admin')).every(Boolean)).toBe(true);
    expect(Object.values(defaultPermissions('Super Admin')).every(Boolean)).toBe(true);
  });

  it('starts each member role from the base set plus the pages the role is there for', () => {
    const granted = (role: Parameters<typeof defaultPermissions>[0]) => {
      const permissions = defaultPermissions(role);
      return PERMISSION_KEYS.filter((key) => permissions[key]).sort();
    };
    const base = [...MEMBER_DEFAULT_KEYS];
    expect(granted('Sales Manager')).toEqual(
      [
        ...base,
        'activity',
        'teams',
        'leadManagement',
        'addClient',
        'campaigns',
        'leaderboard',
        'automation',
        'reports',
        'pipeline',
      ].sort(),
    );
    expect(granted('Sales Rep')).toEqual([...base, 'addClient', 'pipeline'].sort());
    expect(granted('Marketing')).toEqual([...base, 'campaigns', 'reports'].sort());
    expect(granted('Client Manager')).toEqual([...base, 'allClients', 'addClient'].sort());
    // No member role creates users or approves them by default: that stays an administrator's.
    for (const role of MEMBER_ROLES) {
      expect(defaultPermissions(role).createUser, role).toBe(false);
      expect(defaultPermissions(role).approveUser, role).toBe(false);
    }
  });

  it('offers every key of the editor on the create-user checklist', () => {
    expect([...CREATION_KEYS].sort()).toEqual([...PERMISSION_KEYS].sort());
  });

  it('normalises partial maps and drops unknown keys', () => {
    const map = normalisePermissions({ teams: true, bogus: true, dashboard: 'yes' });
    expect(map.teams).toBe(true);
    expect(map.dashboard).toBe(false);
    expect('bogus' in map).toBe(false);
  });

  it('always grants the profile', () => {
    expect(
      hasPermission(
        { role: 'Marketing', organization: 'a', permissions: noPermissions() },
        'profile',
      ),
    ).toBe(true);
    expect(
      hasPermission(
        { role: 'Marketing', organization: 'a', permissions: noPermissions() },
        'teams',
      ),
    ).toBe(false);
    expect(
      hasPermission({ role: 'Admin', organization: 'a', permissions: noPermissions() }, 'teams'),
    ).toBe(true);
  });
});

describe('who may create whom', () => {
  it('lets a Super Admin create Admins; a member with Teams edits no permissions', () => {
    expect(
      creatableRoles({ role: 'Super Admin', organization: null, permissions: noPermissions() }),
    ).toContain('Admin');
    expect(
      creatableRoles({ role: 'Admin', organization: 'acme', permissions: noPermissions() }),
    ).toEqual(MEMBER_ROLES);
    expect(creatableRoles(member())).toEqual([]);
    expect(creatableRoles(member({ createUser: true }))).toEqual(MEMBER_ROLES);
    expect(canCreateRole(member({ createUser: true }), 'Sales Rep', 'other')).toBe(false);
    expect(canCreateRole(member({ createUser: true }), 'Admin', 'acme')).toBe(false);
  });

  it('lets only Super Admins and own-organisation Admins edit permissions', () => {
    const admin = { role: 'Admin' as const, organization: 'acme', permissions: noPermissions() };
    expect(canEditPermissions(admin, { role: 'Sales Rep', organization: 'acme' })).toBe(true);
    expect(canEditPermissions(admin, { role: 'Sales Rep', organization: 'other' })).toBe(false);
    expect(canEditPermissions(admin, { role: 'Admin', organization: 'acme' })).toBe(false);
    expect(
      canEditPermissions(member({ teams: true }), { role: 'Sales Rep', organization: 'acme' }),
    ).toBe(false);
  });
});

describe('landing after sign-in', () => {
  it('takes the first allowed page in the landing order', () => {
    expect(landingPath('Super Admin', noPermissions())).toBe('/');
    // A Sales Rep lands on their leads ("My leads"), the other roles on the dashboard.
    expect(landingPath('Sales Rep', defaultPermissions('Sales Rep'))).toBe('/leads-table');
    expect(landingPath('Sales Manager', defaultPermissions('Sales Manager'))).toBe('/');
    expect(landingPath('Sales Rep', normalisePermissions({ dashboard: true }))).toBe('/');
    expect(
      landingPath('Marketing', normalisePermissions({ reports: true, configureEmail: true })),
    ).toBe('/reports');
    expect(landingPath('Marketing', normalisePermissions({ configureEmail: true }))).toBe(
      '/email/config',
    );
    expect(landingPath('Marketing', noPermissions())).toBeNull();
  });
});

describe('organisation names and sign-up', () => {
  it('normalises as the sign-up screen does', () => {
    expect(normaliseOrganization('  Acme  Sales Team ')).toBe('acme-sales-team');
    expect(initials('ada  lovelace byron')).toBe('AL');
  });

  it('rejects bad sign-up input with the sign-up texts', () => {
    const result = signupSchema.safeParse({
      name: ' ',
      email: 'nope',
      password: 'x',
      role: 'Sales Rep',
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain('Name is required');
    expect(messages).toContain('Please enter a valid email address');
    const ok = signupSchema.parse({
      name: 'A',
      email: ' A@B.co ',
      password: 'longenough',
      role: 'Sales Rep',
      organizationName: 'My Org',
    });
    expect(ok).toMatchObject({ email: 'a@b.co', organizationName: 'my-org' });
  });
});
