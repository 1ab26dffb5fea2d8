import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_KEYS, defaultPermissions, noPermissions } from '@leadline/shared/permissions';
import { MEMBER_ROLES } from '@leadline/shared/roles';
import type { Role } from '@leadline/shared/roles';
import type { TestContext } from './context.ts';
import { createTestContext, uniqueEmail, PASSWORD } from './context.ts';
import { adminOf, insertLeads } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import { pageFailures, visiblePages } from './role-pages.ts';
import { EXPECTED_ROLE_DEFAULTS as EXPECTED } from '@leadline/shared/testing/role-defaults';

const ORG = 'role-defaults';
let t: TestContext;
let admin: OrganisationAdmin;

beforeAll(async () => {
  t = await createTestContext();
  admin = await adminOf(t, ORG);
});
afterAll(() => t?.close());

/** An Admin creates the user as the create-user form does: with the role's defaults. */
const createAs = async (role: Role, withForm: boolean) => {
  const email = uniqueEmail(role.toLowerCase().replace(/\s+/g, '-'));
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/signup',
    token: admin.token,
    payload: {
      name: `New ${role}`,
      email,
      password: PASSWORD,
      role,
      organizationName: ORG,
      ...(withForm ? { permissions: defaultPermissions(role) } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const signin = await t.request({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password: PASSWORD },
  });
  return { user: signin.json().user, token: signin.json().token as string };
};

const granted = (permissions: Record<string, boolean>) =>
  PERMISSION_KEYS.filter((key) => permissions[key]).sort();

describe('role defaults', () => {
  for (const role of MEMBER_ROLES) {
    it(`a new ${role} gets the stated permissions, and every page of their navigation opens`, async () => {
      // Created by the API without a map (the server's default) and through the form's map.
      for (const withForm of [false, true]) {
        const { user, token } = await createAs(role, withForm);
        expect(granted(user.permissions), `${role} ${withForm}`).toEqual(
          [...EXPECTED[role].granted].sort(),
        );
        const pages = visiblePages(user);
        expect(pages.map((page) => page.label)).toEqual(EXPECTED[role].nav);
        expect(await pageFailures(t, token, pages)).toEqual([]);
      }
    });
  }

  it('lets a Sales Rep convert their own lead, not a colleague’s, without the Clients page', async () => {
    const rep = await createAs('Sales Rep', false);
    const other = await createAs('Sales Rep', false);
    const [own, theirs] = (await insertLeads(t.database.db, admin.organizationId, [
      { ownerId: rep.user.id, companyName: 'Own Co', personEmail: 'own@own.test' },
      { ownerId: other.user.id, companyName: 'Their Co', personEmail: 'their@their.test' },
    ])) as [string, string];
    const convert = (id: string) =>
      t.request({ method: 'POST', url: `/api/leads/${id}/convert`, token: rep.token, payload: {} });
    const converted = await convert(own);
    expect(converted.statusCode, converted.body).toBe(201);
    expect(converted.json().client.companyName).toBe('Own Co');
    const refused = await convert(theirs);
    expect(refused.statusCode).toBe(403);
    // Converting does not open the Clients list.
    expect(
      (await t.request({ method: 'GET', url: '/api/clients', token: rep.token })).statusCode,
    ).toBe(403);
    // The Sales Manager (Lead Management) converts anyone's lead.
    const manager = await createAs('Sales Manager', false);
    const byManager = await t.request({
      method: 'POST',
      url: `/api/leads/${theirs}/convert`,
      token: manager.token,
      payload: {},
    });
    expect(byManager.statusCode, byManager.body).toBe(201);
  });

  it('leaves an existing user’s stored permissions as they are', async () => {
    const { user } = await createAs('Sales Rep', false);
    const narrow = await t.request({
      method: 'PUT',
      url: `/api/users/${user.id}/permissions`,
      token: admin.token,
      payload: { permissions: { ...noPermissions(), leadsTable: true } },
    });
    expect(narrow.statusCode, narrow.body).toBe(200);
    const me = await t.request({
      method: 'GET',
      url: '/api/auth/me',
      token: await t.signin(user.email),
    });
    expect(granted(me.json().permissions)).toEqual(['leadsTable']);
  });
});
