import { describe, expect, it } from 'vitest';
import {
  CREATION_KEYS,
  PERMISSION_GROUPS,
  PERMISSION_KEYS,
  canCreateRole,
  canEditPermissions,
  creatableRoles,
  defaultPermissions,
  hasPermission,
  landingPath,
  noPermissions,
  normalisePermissions,
} from './permissions.ts';
import { MEMBER_ROLES } from './roles.ts';
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
    const rep = defaultPermissions('Sales Rep');
    expect(PERMISSION_KEYS.filter((key) => rep[key]).sort()).toEqual(
      [
        'configureEmail',
        'createLead',
        'followUp',
        'leadsTable',
        'sendBulkEmail',
        'sendEmailPage',
      ].sort(),
    );
    expect(Object.values(defaultPermissions('Admin')).every(Boolean)).toBe(true);
    expect(Object.values(defaultPermissions('Super Admin')).every(Boolean)).toBe(true);
  });

  it('starts each member role from the base set plus the pages the role is there for', () => {
    const granted = (role: Parameters<typeof defaultPermissions>[0]) => {
      const permissions = defaultPermissions(role);
      return PERMISSION_KEYS.filter((key) => permissions[key]).sort();
    };
    const base = granted('Sales Rep');
    expect(granted('Sales Manager')).toEqual(
      [...base, 'dashboard', 'reports', 'teams', 'calendar', 'campaigns', 'leadManagement'].sort(),
    );
    expect(granted('Marketing')).toEqual([...base, 'campaigns', 'reports'].sort());
    expect(granted('Client Manager')).toEqual([...base, 'allClients', 'addClient'].sort());
    // Every default is a key the create-user checklist offers, so all of it stays editable.
    for (const role of ['Sales Manager', 'Marketing', 'Client Manager'] as const) {
      expect(granted(role).every((key) => CREATION_KEYS.includes(key))).toBe(true);
    }
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
    expect(landingPath('Sales Rep', defaultPermissions('Sales Rep'))).toBe('/leads-table');
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
