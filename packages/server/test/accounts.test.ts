import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityLog, userSessions, users } from '../src/db/tables.ts';
import { PASSWORD, ROOT_EMAIL, createTestContext, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import { MISSING_ID, countLeads, createLead, openTwoOrganisations } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
beforeAll(async () => {
  ({ t, acme, globex } = await openTwoOrganisations());
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a-brand-new-password';
const DEACTIVATED = 'Your account has been deactivated. Ask an administrator to reactivate it.';
const MUST_CHANGE =
  'You signed in with a temporary password. Choose a new password before you continue.';

const me = (token: string) => t.request({ method: 'GET', url: '/api/auth/me', token });
const signinAs = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
const changePassword = (token: string, payload: unknown) =>
  t.request({ method: 'POST', url: '/api/auth/change-password', token, payload: payload as never });
const act = (token: string, id: string, action: string, payload?: unknown) =>
  t.request({
    method: action === 'role' ? 'PUT' : 'POST',
    url: `/api/users/${id}/${action}`,
    token,
    ...(payload === undefined ? {} : { payload: payload as never }),
  });

/** The activity entries about one user, oldest first. */
const entriesAbout = async (userId: string) =>
  (
    await t.database.db
      .select({
        action: activityLog.action,
        actor: activityLog.userId,
        org: activityLog.organizationId,
      })
      .from(activityLog)
      .where(and(eq(activityLog.entityId, userId), eq(activityLog.type, 'User')))
      .orderBy(activityLog.createdAt)
  ).map((row) => row);

const member = (organizationName: string, role: 'Sales Rep' | 'Sales Manager' = 'Sales Rep') =>
  t.createUser({
    role,
    organizationName,
    email: uniqueEmail(role.replace(' ', '-').toLowerCase()),
  });

describe('changing one’s own password', () => {
  it('needs the current password, follows the password rule and ends every other session', async () => {
    const { user, token } = await member('acme');
    const second = await t.signin(user.email);

    const wrong = await changePassword(token, {
      currentPassword: 'not-it',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'Current password is incorrect' });
    const short = await changePassword(token, { currentPassword: PASSWORD, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.newPassword).toBe('Password must be at least 8 characters');
    const same = await changePassword(token, { currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors.newPassword).toBe('Choose a password different from the current one');
    for (const payload of [undefined, {}, { currentPassword: 1, newPassword: [] }]) {
      expect((await changePassword(token, payload)).statusCode).toBe(400);
    }
    // Nothing changed by the refusals: both sessions still work.
    expect((await me(second)).statusCode).toBe(200);

    const changed = await changePassword(token, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().token as string;
    expect(changed.json().user).toMatchObject({ email: user.email, mustChangePassword: false });
    expect(changed.body).not.toContain(NEW_PASSWORD);

    expect((await me(fresh)).statusCode).toBe(200);
    for (const old of [token, second]) {
      const refused = await me(old);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe('Your session has expired. Please sign in again.');
    }
    expect((await signinAs(user.email, PASSWORD)).statusCode).toBe(401);
    expect((await signinAs(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await entriesAbout(user.id)).toContainEqual({
      action: 'password changed',
      actor: user.id,
      org: acme.organizationId,
    });
  });

  it('needs a session', async () => {
    const response = await changePassword('', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('signing out', () => {
  it('ends that session on the server and only that one', async () => {
    const { user, token } = await member('acme');
    const other = await t.signin(user.email);
    const out = await t.request({ method: 'POST', url: '/api/auth/signout', token });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
    const sessions = await t.database.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.userId, user.id));
    expect(sessions).toHaveLength(1);
  });
});

describe('changing a member’s role', () => {
  it('lets an Admin move their own members between the member roles', async () => {
    const { user, token } = await member('acme');
    const response = await act(acme.token, user.id, 'role', { role: 'Marketing' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ role: 'Marketing' });
    // The member's next request sees the new role.
    expect((await me(token)).json().role).toBe('Marketing');
    expect(await entriesAbout(user.id)).toContainEqual({
      action: 'role changed',
      actor: acme.user.id,
      org: acme.organizationId,
    });
  });

  it('keeps Admins within the rules and other organisations out', async () => {
    const { user } = await member('acme');
    const foreign = await member('globex');
    const secondAdmin = await t.createUser({ role: 'Admin', organizationName: 'acme' });
    const rootId = (await me(await t.rootToken())).json().id as string;
    const refusals: [string, unknown, number, string][] = [
      [
        user.id,
        { role: 'Admin' },
        403,
        `You do not have permission to give ${user.email} the Admin role.`,
      ],
      [user.id, { role: 'Super Admin' }, 400, 'Please choose a valid role'],
      [user.id, { role: 'Boss' }, 400, 'Please choose a valid role'],
      [user.id, {}, 400, 'Please choose a valid role'],
      [foreign.user.id, { role: 'Marketing' }, 404, 'User not found'],
      [rootId, { role: 'Admin' }, 404, 'User not found'],
      [MISSING_ID, { role: 'Marketing' }, 404, 'User not found'],
      ['not-an-id', { role: 'Marketing' }, 404, 'User not found'],
      [acme.user.id, { role: 'Marketing' }, 403, 'You cannot change your own role.'],
      [
        secondAdmin.user.id,
        { role: 'Marketing' },
        403,
        'You do not have permission to manage Admin accounts.',
      ],
    ];
    for (const [id, payload, status, message] of refusals) {
      const response = await act(acme.token, id, 'role', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      const body = response.json();
      expect(body.errors?.role ?? body.message).toBe(message);
    }
    // A member holding the teams permission is no administrator.
    const manager = await t.createUser({
      role: 'Sales Manager',
      organizationName: 'acme',
      permissions: { teams: true },
    });
    const byManager = await act(manager.token, user.id, 'role', { role: 'Marketing' });
    expect(byManager.statusCode).toBe(403);
    // Without the teams permission the route itself is closed.
    const rep = await member('acme');
    expect((await act(rep.token, user.id, 'role', { role: 'Marketing' })).statusCode).toBe(403);
  });

  it('lets a Super Admin make and unmake Admins, never Super Admins', async () => {
    const { user } = await member('globex');
    const root = await t.rootToken();
    const promoted = await act(root, user.id, 'role', { role: 'Admin' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().user.permissions.teams).toBe(true);
    const demoted = await act(root, user.id, 'role', { role: 'Sales Rep' });
    expect(demoted.json().user).toMatchObject({ role: 'Sales Rep' });
    // A former administrator starts from the role's default permissions.
    expect(demoted.json().user.permissions).toMatchObject({ teams: false, leadsTable: true });
    const rootId = (await me(root)).json().id as string;
    expect((await act(root, rootId, 'role', { role: 'Admin' })).statusCode).toBe(403);
    const otherRoot = await t.createUser({ role: 'Super Admin', organizationName: undefined });
    const refused = await act(root, otherRoot.user.id, 'role', { role: 'Admin' });
    expect(refused.statusCode).toBe(403);
  });
});

describe('deactivating and reactivating', () => {
  it('stops the user at once, keeps what is theirs, and lets them back in', async () => {
    const { user, token } = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      permissions: { leadsTable: true, createLead: true },
    });
    await createLead(t, token);
    const leadsBefore = await countLeads(t.database.db, acme.organizationId);

    const off = await act(acme.token, user.id, 'deactivate');
    expect(off.statusCode).toBe(200);
    expect(off.json().user).toMatchObject({ status: 'inactive', isActive: false });
    const refused = await me(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(DEACTIVATED);
    const signin = await signinAs(user.email, PASSWORD);
    expect(signin.statusCode).toBe(403);
    expect(signin.json().message).toBe(DEACTIVATED);
    expect(await countLeads(t.database.db, acme.organizationId)).toBe(leadsBefore);
    // Still listed for the team, as inactive.
    const team = (await t.request({ method: 'GET', url: '/api/users', token: acme.token })).json();
    expect(team.users.find((u: { id: string }) => u.id === user.id)).toMatchObject({
      status: 'inactive',
    });
    // Asking twice changes nothing.
    expect((await act(acme.token, user.id, 'deactivate')).statusCode).toBe(200);

    const on = await act(acme.token, user.id, 'reactivate');
    expect(on.statusCode).toBe(200);
    expect(on.json().user).toMatchObject({ status: 'active', isActive: true });
    expect((await signinAs(user.email, PASSWORD)).statusCode).toBe(200);
    // The old token stays ended: reactivation opens no session.
    expect((await me(token)).statusCode).toBe(401);
    const again = await act(acme.token, user.id, 'reactivate');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This account is not deactivated.');

    const actions = (await entriesAbout(user.id)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['deactivated', 'reactivated']));
  });

  it('refuses the Admin themself, other organisations and Super Admins', async () => {
    const foreign = await member('globex');
    const rootId = (await me(await t.rootToken())).json().id as string;
    const self = await act(acme.token, acme.user.id, 'deactivate');
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot deactivate your own account.');
    expect((await act(acme.token, foreign.user.id, 'deactivate')).statusCode).toBe(404);
    expect((await act(acme.token, rootId, 'deactivate')).statusCode).toBe(404);
    expect((await act(globex.token, foreign.user.id, 'deactivate')).statusCode).toBe(200);
    expect((await act(acme.token, foreign.user.id, 'reactivate')).statusCode).toBe(404);
    expect((await me(acme.token)).statusCode).toBe(200);
  });

  it('never leaves the product without an active Super Admin', async () => {
    const lone = await createTestContext();
    try {
      const root = await lone.rootToken();
      const rootId = (
        await lone.request({ method: 'GET', url: '/api/auth/me', token: root })
      ).json().id as string;
      const second = await lone.createUser({ role: 'Super Admin', organizationName: undefined });
      const self = await lone.request({
        method: 'POST',
        url: `/api/users/${second.user.id}/deactivate`,
        token: second.token,
      });
      expect(self.statusCode).toBe(403);
      // The only two active Super Admins deactivate each other at the same moment: one wins.
      const answers = await Promise.all([
        lone.request({
          method: 'POST',
          url: `/api/users/${second.user.id}/deactivate`,
          token: root,
        }),
        lone.request({
          method: 'POST',
          url: `/api/users/${rootId}/deactivate`,
          token: second.token,
        }),
      ]);
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect([401, 409]).toContain(codes.find((code) => code !== 200));
      const active = await lone.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'Super Admin'), eq(users.status, 'active')));
      expect(active).toHaveLength(1);
    } finally {
      await lone.close();
    }
  });
});

describe('resetting a password as an administrator', () => {
  it('answers a temporary password once, ends the sessions and forces a change', async () => {
    const { user, token } = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      permissions: { leadsTable: true },
    });
    const reset = await act(acme.token, user.id, 'reset-password');
    expect(reset.statusCode).toBe(200);
    const temporary = reset.json().temporaryPassword as string;
    expect(temporary).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(reset.json().user).toMatchObject({ mustChangePassword: true });
    expect(t.logs.join('')).not.toContain(temporary);

    expect((await me(token)).statusCode).toBe(401);
    expect((await signinAs(user.email, PASSWORD)).statusCode).toBe(401);
    const signin = await signinAs(user.email, temporary);
    expect(signin.statusCode).toBe(200);
    expect(signin.json().user.mustChangePassword).toBe(true);
    const limited = signin.json().token as string;

    // Nothing but the account, the change and sign-out until the password is changed.
    const leads = await t.request({ method: 'GET', url: '/api/leads', token: limited });
    expect(leads.statusCode).toBe(403);
    expect(leads.json().message).toBe(MUST_CHANGE);
    expect((await me(limited)).statusCode).toBe(200);

    const changed = await changePassword(limited, {
      currentPassword: temporary,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().token as string;
    expect((await t.request({ method: 'GET', url: '/api/leads', token: fresh })).statusCode).toBe(
      200,
    );
    expect((await me(fresh)).json().mustChangePassword).toBe(false);
    expect(await entriesAbout(user.id)).toContainEqual({
      action: 'password reset',
      actor: acme.user.id,
      org: acme.organizationId,
    });
  });

  it('follows the same rules as the other actions', async () => {
    const foreign = await member('globex');
    const secondAdmin = await t.createUser({ role: 'Admin', organizationName: 'acme' });
    expect((await act(acme.token, foreign.user.id, 'reset-password')).statusCode).toBe(404);
    expect((await act(acme.token, secondAdmin.user.id, 'reset-password')).statusCode).toBe(403);
    const self = await act(acme.token, acme.user.id, 'reset-password');
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(
      'Use Change password on your profile to change your own password.',
    );
    // A Super Admin may reset anyone's, an Admin's included.
    const root = await t.rootToken();
    const byRoot = await act(root, secondAdmin.user.id, 'reset-password');
    expect(byRoot.statusCode).toBe(200);
    expect((await me(secondAdmin.token)).statusCode).toBe(401);
    expect((await signinAs(ROOT_EMAIL, PASSWORD)).statusCode).toBe(200);
  });
});
