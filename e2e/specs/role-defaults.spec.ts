import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  PERMISSION_GROUPS,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  defaultPermissions,
} from '@leadline/shared/permissions';
import type { Role } from '@leadline/shared/roles';
import { EXPECTED_ROLE_DEFAULTS } from '@leadline/shared/testing/role-defaults';
import { postApi, signinToken } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, snap, snapDark } from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { waitForCaption } from '../support/leads-pages.ts';
import {
  PASSWORD,
  PASSWORD_LABEL,
  sidebarLinks,
  signIn,
  toast,
  visible,
} from '../support/pages.ts';

const ROOT = { email: 'root@roles.test', password: PASSWORD };
const ADMIN = { name: 'Ari Admin', email: 'ari@roles.test' };
const ORG = 'roles-e2e';

/** What each member role's sidebar shows with the defaults, in the sidebar's order. */
const NAV = Object.fromEntries(
  Object.entries(EXPECTED_ROLE_DEFAULTS).map(([role, expected]) => [role, expected.nav]),
) as Record<keyof typeof EXPECTED_ROLE_DEFAULTS, string[]>;
const ROLES = Object.keys(NAV) as (keyof typeof NAV)[];
const emailOf = (role: string) => `${role.toLowerCase().replace(/\s+/g, '-')}@roles.test`;

let server: RunningServer;
let browser: Browser;
let adminToken: string;

const lead = (first: string, company: string, ownerId?: string) => ({
  companyName: company,
  personFirstName: first,
  personLastName: 'Contact',
  personEmail: `${first.toLowerCase()}@${company.toLowerCase().replace(/\s+/g, '')}.test`,
  source: 'Referral',
  ...(ownerId ? { ownerId } : {}),
});

beforeAll(async () => {
  server = await startServer({
    env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
  });
  browser = await launchBrowser();
  const root = await signinToken(server, ROOT.email, ROOT.password);
  await postApi(
    server,
    '/api/auth/signup',
    { ...ADMIN, password: PASSWORD, role: 'Admin', organizationName: ORG },
    root,
  );
  adminToken = await signinToken(server, ADMIN.email, PASSWORD);
  // Three leads of the Admin's: the rep's own come once the rep exists.
  for (const [first, company] of [
    ['Olga', 'Orbit Labs'],
    ['Piet', 'Prism Works'],
    ['Quinn', 'Quarry Co'],
  ] as const)
    await postApi(server, '/api/leads', lead(first, company), adminToken);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every checkbox of the checklist, by label, and whether it is ticked. */
const ticks = async (page: Page): Promise<Record<string, boolean>> => {
  const result: Record<string, boolean> = {};
  for (const key of PERMISSION_KEYS) {
    result[key] = await page
      .getByRole('checkbox', { name: PERMISSION_LABELS[key], exact: true })
      .isChecked();
  }
  return result;
};

const expectedTicks = (role: Role): Record<string, boolean> => {
  const defaults = defaultPermissions(role);
  // Profile is everyone's: shown ticked whatever is stored.
  return Object.fromEntries(
    PERMISSION_KEYS.map((key) => [key, key === 'profile' || defaults[key]]),
  );
};

/** Creates the user through /create-user as the Admin, checking the offer and the prefill. */
const createThroughForm = async (page: Page, role: keyof typeof NAV) => {
  await page.goto('/create-user');
  await visible(page.getByRole('form', { name: 'Create user' }));
  await page.getByLabel('Full name').fill(`${role} Person`);
  await page.getByLabel('Email address').fill(emailOf(role));
  await page.getByLabel(PASSWORD_LABEL).fill(PASSWORD);
  await page.getByLabel('Role').selectOption(role);
  // Every permission of the editor, in the editor's groups, ticked with the role's defaults.
  for (const group of PERMISSION_GROUPS) {
    const box = page.getByRole('group', { name: group.title });
    expect(await box.getByRole('checkbox').count(), group.title).toBe(group.keys.length);
  }
  expect(await ticks(page)).toEqual(expectedTicks(role));
  await page.getByRole('button', { name: 'Create User' }).click();
  await toast(page, 'User created successfully');
};

/** Opens each sidebar entry in turn: none shows "Access denied", no API call is refused. */
const openEverySidebarPage = async (page: Page, labels: readonly string[]) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() === 403)
      refused.push(`${response.status()} ${response.url()}`);
  });
  for (const label of labels) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Access denied').count(), label).toBe(0);
    expect(refused, label).toEqual([]);
  }
};

describe('role defaults in the browser', () => {
  it('the create-user checklist offers every permission and follows the role until edited', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await signIn(page, ADMIN.email);
    await page.waitForURL(`${server.url}/`);
    await page.goto('/create-user');
    await visible(page.getByRole('form', { name: 'Create user' }));
    expect(await page.getByRole('checkbox').count()).toBe(PERMISSION_KEYS.length);
    expect(await ticks(page)).toEqual(expectedTicks('Sales Rep'));
    await snap(page, 'role-defaults-create-user-1280');
    await snapDark(page, 'role-defaults-create-user-1280');
    await page.getByLabel('Role').selectOption('Sales Manager');
    expect(await ticks(page)).toEqual(expectedTicks('Sales Manager'));
    // An edit stays when the role changes; Reset puts the role's ticks back.
    await page.getByRole('checkbox', { name: 'Automation', exact: true }).uncheck();
    await page.getByLabel('Role').selectOption('Marketing');
    expect(await page.getByRole('checkbox', { name: 'Pipeline', exact: true }).isChecked()).toBe(
      true,
    );
    await visible(page.getByText('Changed from the Marketing defaults.'));
    await page.getByRole('button', { name: 'Reset to Marketing defaults' }).click();
    expect(await ticks(page)).toEqual(expectedTicks('Marketing'));
    await page.setViewportSize(PHONE);
    await page.getByLabel('Role').selectOption('Sales Rep');
    await snap(page, 'role-defaults-create-user-375');
    await snapDark(page, 'role-defaults-create-user-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const role of ROLES) {
    it(`a ${role} created through the form sees their pages, and each one opens`, async () => {
      const admin = await newPage(browser, server.url);
      await signIn(admin.page, ADMIN.email);
      await admin.page.waitForURL(`${server.url}/`);
      await createThroughForm(admin.page, role);
      expect(admin.errors).toEqual([]);
      await admin.context.close();

      const { context, page, errors } = await newPage(browser, server.url, DESKTOP);
      await signIn(page, emailOf(role));
      await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 45_000 });
      const links = await sidebarLinks(page);
      expect(links).toEqual(NAV[role]);
      await openEverySidebarPage(page, links);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('a rep lands on My leads, and sees everyone’s with one click on All leads', async () => {
    const { user } = (await postApi(server, '/api/auth/signin', {
      email: emailOf('Sales Rep'),
      password: PASSWORD,
    })) as { user: { id: string } };
    for (const [first, company] of [
      ['Rhea', 'Rover Inc'],
      ['Saul', 'Summit Ltd'],
    ] as const)
      await postApi(server, '/api/leads', lead(first, company, user.id), adminToken);

    const { context, page, errors } = await newPage(browser, server.url);
    await signIn(page, emailOf('Sales Rep'));
    // Signing in on a loaded machine can take a while.
    await page.waitForURL('**/leads-table', { timeout: 45_000 });
    const scope = page.getByRole('radiogroup', { name: 'Leads shown' });
    await visible(scope);
    expect(await scope.getByRole('radio', { name: 'My leads' }).isChecked()).toBe(true);
    await waitForCaption(page, (caption) => caption.total === 2);
    await visible(page.getByText('Rover Inc'));
    expect(await page.getByText('Orbit Labs').count()).toBe(0);
    await snap(page, 'role-defaults-my-leads-1280');
    await snapDark(page, 'role-defaults-my-leads-1280');

    await scope.getByText('All leads').click();
    await page.waitForURL('**/leads-table?owner=all');
    await waitForCaption(page, (caption) => caption.total === 5);
    await visible(page.getByText('Orbit Labs'));
    expect(await scope.getByRole('radio', { name: 'All leads' }).isChecked()).toBe(true);
    // Kept in the URL: a reload stays on All leads, Back returns to My leads.
    await page.reload();
    await waitForCaption(page, (caption) => caption.total === 5);
    await page.goBack();
    await waitForCaption(page, (caption) => caption.total === 2);

    await page.setViewportSize(PHONE);
    await waitForCaption(page, (caption) => caption.total === 2);
    await snap(page, 'role-defaults-my-leads-375');
    await snapDark(page, 'role-defaults-my-leads-375');
    await page.getByRole('radiogroup', { name: 'Leads shown' }).getByText('All leads').click();
    await waitForCaption(page, (caption) => caption.total === 5);
    await snap(page, 'role-defaults-all-leads-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a manager starts on All leads', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await signIn(page, emailOf('Sales Manager'));
    await page.waitForURL(`${server.url}/`);
    await page.goto('/leads-table');
    const scope = page.getByRole('radiogroup', { name: 'Leads shown' });
    await visible(scope);
    expect(await scope.getByRole('radio', { name: 'All leads' }).isChecked()).toBe(true);
    await waitForCaption(page, (caption) => caption.total === 5);
    await scope.getByText('My leads').click();
    await page.waitForURL('**/leads-table?owner=me');
    // The manager owns none of them.
    await visible(page.getByText('You own no leads yet: All leads shows everyone’s'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an existing user gets their role’s defaults back with Reset to role defaults', async () => {
    const { user } = (await postApi(
      server,
      '/api/auth/signup',
      {
        name: 'Old Timer',
        email: 'old@roles.test',
        password: PASSWORD,
        role: 'Sales Rep',
        organizationName: ORG,
        permissions: { leadsTable: true },
      },
      adminToken,
    )) as { user: { _id: string } };
    expect(user._id).toEqual(expect.any(String));
    const { context, page, errors } = await newPage(browser, server.url);
    await signIn(page, ADMIN.email);
    await page.waitForURL(`${server.url}/`);
    await page.goto('/teams');
    await page.getByRole('button', { name: 'Edit permissions for Old Timer' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog);
    expect(await dialog.getByRole('switch', { name: 'Inbox' }).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Reset to role defaults' }).click();
    for (const label of ['Dashboard', 'Inbox', 'Calendar', 'Companies', 'Pipeline', 'Add Client'])
      expect(await dialog.getByRole('switch', { name: label }).isChecked(), label).toBe(true);
    expect(await dialog.getByRole('switch', { name: 'Teams' }).isChecked()).toBe(false);
    await snap(page, 'role-defaults-editor-reset-1280');
    await dialog.getByRole('button', { name: 'Save permissions' }).click();
    await toast(page, 'Permissions updated successfully');
    const token = await signinToken(server, 'old@roles.test', PASSWORD);
    const me = (await (
      await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { permissions: Record<string, boolean> };
    expect(me.permissions).toEqual(defaultPermissions('Sales Rep'));
    expect(errors).toEqual([]);
    await context.close();
  });
});
