import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, createTestContext, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import { signedUp, signup } from './fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const register = (organizationName = 'acme') =>
  signedUp(t, undefined, {
    name: 'Applicant',
    email: uniqueEmail('applicant'),
    organizationName,
    department: 'North',
  });

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

describe('pending users and approval', () => {
  it('lists pending users to the Super Admin only', async () => {
    const applicant = await register();
    const list = await t.request({
      method: 'GET',
      url: '/api/auth/pending',
      token: await t.rootToken(),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((u: { _id: string }) => u._id)).toContain(applicant._id);
    const { token: admin } = await t.createUser({ role: 'Admin' });
    expect(
      (await t.request({ method: 'GET', url: '/api/auth/pending', token: admin })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/auth/pending' })).statusCode).toBe(401);
  });

  it('approves with an expiry, after which the user signs in', async () => {
    const applicant = await register();
    const root = await t.rootToken();
    const missing = await t.request({
      method: 'PUT',
      url: `/api/users/approve/${applicant._id}`,
      token: root,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please set an expiration date before approving the user.');
    const past = await t.request({
      method: 'PUT',
      url: `/api/users/approve/${applicant._id}`,
      token: root,
      payload: { expiresAt: '2001-01-01' },
    });
    expect(past.statusCode).toBe(400);
    const garbage = await t.request({
      method: 'PUT',
      url: `/api/users/approve/${applicant._id}`,
      token: root,
      payload: { expiresAt: 'soon' },
    });
    expect(garbage.statusCode).toBe(400);
    const expiresAt = tomorrow();
    const approved = await t.request({
      method: 'PUT',
      url: `/api/users/approve/${applicant._id}`,
      token: root,
      payload: { expiresAt },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      message: 'User approved successfully',
      user: { status: 'active', expiresAt },
    });
    expect(await t.signin(applicant.email)).toEqual(expect.any(String));
    const twice = await t.request({
      method: 'PUT',
      url: `/api/users/approve/${applicant._id}`,
      token: root,
      payload: { expiresAt },
    });
    expect(twice.statusCode).toBe(404);
  });

  it('rejects a pending user, who is then gone', async () => {
    const applicant = await register();
    const root = await t.rootToken();
    const rejected = await t.request({
      method: 'DELETE',
      url: `/api/users/reject/${applicant._id}`,
      token: root,
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toEqual({ message: 'User rejected successfully' });
    const signin = await t.request({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: applicant.email, password: PASSWORD },
    });
    expect(signin.statusCode).toBe(401);
    for (const id of [applicant._id, 'not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      expect(
        (await t.request({ method: 'DELETE', url: `/api/users/reject/${id}`, token: root }))
          .statusCode,
      ).toBe(404);
    }
  });
});

describe('creating users', () => {
  it('lets an Admin create member roles in their own organisation only', async () => {
    const { token: admin } = await t.createUser({ role: 'Admin', organizationName: 'globex' });
    const rep = await signup(t, admin, {
      name: 'Rep',
      email: uniqueEmail('rep'),
      permissions: { dashboard: true, leadsTable: true },
    });
    expect(rep.statusCode).toBe(201);
    expect(rep.json()).toMatchObject({
      message: 'User created successfully',
      user: { organization: 'globex', status: 'active', role: 'Sales Rep' },
    });
    expect(rep.json().user.permissions).toMatchObject({
      dashboard: true,
      leadsTable: true,
      teams: false,
    });
    for (const role of ['Admin', 'Super Admin']) {
      const refused = await signup(t, admin, { name: 'X', role, organizationName: 'globex' });
      expect(refused.statusCode, role).toBe(403);
    }
    const elsewhere = await signup(t, admin, { name: 'X', organizationName: 'acme' });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('refuses users without createUser, and a createUser holder grants only what they hold', async () => {
    const { token: rep } = await t.createUser({ role: 'Sales Rep' });
    const refused = await signup(t, rep, { name: 'X' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to create users.');
    const { token: manager } = await t.createUser({
      role: 'Sales Manager',
      permissions: { createUser: true, leadsTable: true },
    });
    const created = await signedUp(t, manager, {
      name: 'X',
      role: 'Marketing',
      permissions: { leadsTable: true, teams: true, approveUser: true },
    });
    expect(created.permissions).toMatchObject({
      leadsTable: true,
      teams: false,
      approveUser: false,
    });
  });

  it('lets the Super Admin create any role, with no organisation for a Super Admin', async () => {
    const root = await t.rootToken();
    const sa = await signedUp(t, root, {
      name: 'SA',
      email: uniqueEmail('sa'),
      role: 'Super Admin',
      organizationName: 'ignored',
    });
    expect(sa).toMatchObject({ organization: null, isOrgUser: false });
    const noOrg = await signup(t, root, { role: 'Admin' });
    expect(noOrg.statusCode).toBe(400);
    expect(noOrg.json().message).toBe('Organization name is required for non-Super Admin roles');
    const unknownKey = await signup(t, root, {
      organizationName: 'acme',
      permissions: { rootShell: true },
    });
    expect(unknownKey.statusCode).toBe(400);
  });
});

describe('GET /api/users', () => {
  it('groups by organisation for the Super Admin', async () => {
    await t.createUser({ role: 'Admin', organizationName: 'initech' });
    const response = await t.request({
      method: 'GET',
      url: '/api/users',
      token: await t.rootToken(),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.superAdmins.every((u: { role: string }) => u.role === 'Super Admin')).toBe(true);
    expect(Object.keys(body.organizations)).toEqual(expect.arrayContaining(['acme', 'initech']));
  });

  it('shows an Admin only their own organisation, and needs the teams permission', async () => {
    const { user: admin, token } = await t.createUser({
      role: 'Admin',
      organizationName: 'umbrella',
    });
    await t.createUser({ role: 'Sales Rep', organizationName: 'umbrella' });
    const response = await t.request({ method: 'GET', url: '/api/users', token });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.admin._id).toBe(admin._id);
    expect(body.users.length).toBe(2);
    expect(body.users.every((u: { organization: string }) => u.organization === 'umbrella')).toBe(
      true,
    );
    const { token: rep } = await t.createUser({ role: 'Sales Rep', organizationName: 'umbrella' });
    const refused = await t.request({ method: 'GET', url: '/api/users', token: rep });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^You do not have permission to /);
  });
});

describe('PUT /api/users/:id/permissions', () => {
  it('takes effect on the very next request of that user', async () => {
    const { token: admin } = await t.createUser({ role: 'Admin', organizationName: 'hooli' });
    const { user: rep, token: repToken } = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'hooli',
    });
    expect(
      (await t.request({ method: 'GET', url: '/api/users', token: repToken })).statusCode,
    ).toBe(403);
    const granted = await t.request({
      method: 'PUT',
      url: `/api/users/${rep._id}/permissions`,
      token: admin,
      payload: { permissions: { teams: true } },
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({
      message: 'Permissions updated successfully',
      user: { permissions: { teams: true, leadsTable: true } },
    });
    expect(
      (await t.request({ method: 'GET', url: '/api/users', token: repToken })).statusCode,
    ).toBe(200);
    await t.request({
      method: 'PUT',
      url: `/api/users/${rep._id}/permissions`,
      token: admin,
      payload: { permissions: { teams: false } },
    });
    expect(
      (await t.request({ method: 'GET', url: '/api/users', token: repToken })).statusCode,
    ).toBe(403);
    const me = await t.request({ method: 'GET', url: '/api/auth/me', token: repToken });
    expect(me.json().permissions.teams).toBe(false);
  });

  it('answers 404 for a user of another organisation and 400 for bad input', async () => {
    const { token: admin } = await t.createUser({ role: 'Admin', organizationName: 'pied-piper' });
    const { user: stranger } = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'aviato',
    });
    const foreign = await t.request({
      method: 'PUT',
      url: `/api/users/${stranger._id}/permissions`,
      token: admin,
      payload: { permissions: { teams: true } },
    });
    expect(foreign.statusCode).toBe(404);
    const root = await t.rootToken();
    for (const payload of [
      {},
      { permissions: 'all' },
      { permissions: { teams: 'yes' } },
      { permissions: { unknownKey: true } },
    ]) {
      const response = await t.request({
        method: 'PUT',
        url: `/api/users/${stranger._id}/permissions`,
        token: root,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const { user: otherAdmin } = await t.createUser({ role: 'Admin', organizationName: 'aviato' });
    const adminTarget = await t.request({
      method: 'PUT',
      url: `/api/users/${otherAdmin._id}/permissions`,
      token: root,
      payload: { permissions: { teams: false } },
    });
    expect(adminTarget.statusCode).toBe(400);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/users/nope/permissions',
          token: root,
          payload: { permissions: {} },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('does not let a member edit permissions, even with the teams permission', async () => {
    const { user: peer } = await t.createUser({ role: 'Sales Rep', organizationName: 'acme' });
    const { token: manager } = await t.createUser({
      role: 'Sales Manager',
      organizationName: 'acme',
      permissions: { teams: true },
    });
    const response = await t.request({
      method: 'PUT',
      url: `/api/users/${peer._id}/permissions`,
      token: manager,
      payload: { permissions: { teams: true } },
    });
    expect(response.statusCode).toBe(403);
  });
});
