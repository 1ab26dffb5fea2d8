import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PHONE, launchBrowser, newPage, snap } from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import {
  PASSWORD,
  PASSWORD_LABEL,
  createUserThroughForm,
  guardedAgain,
  hidden,
  sidebarLinks,
  signIn,
  signOut,
  toast,
  tomorrow,
  visible,
} from '../support/pages.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ROOT = { name: 'Rosa Root', email: 'root@leadline.test' };
const ADMIN = {
  name: 'Ada Admin',
  email: 'ada@acme.test',
  role: 'Admin',
  organization: 'Acme Corp',
};
const REP = { name: 'Rita Rep', email: 'rita@acme.test', role: 'Sales Rep' };

describe('identity in the browser', () => {
  it('first administrator -> organisation admin -> admin creates a Sales Rep -> rep lands by permission', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await page.goto('/');
    await page.waitForURL('**/login');
    await visible(page.getByText('Create the first administrator'));
    await snap(page, 'login-first-admin-1280');
    await page.getByLabel(/^Company name/).fill(ADMIN.organization);
    await page.getByLabel('Full name').fill(ROOT.name);
    await page.getByLabel('Email address').fill(ROOT.email);
    await page.getByLabel(PASSWORD_LABEL).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await sidebarLinks(page)).toEqual(
      expect.arrayContaining(['Dashboard', 'All Leads', 'Teams', 'Profile']),
    );

    await createUserThroughForm(page, ADMIN);
    await signOut(page);
    // The first-administrator form is gone for good.
    await visible(page.getByRole('button', { name: 'Sign in', exact: true }));
    expect(await page.getByText('Create the first administrator').count()).toBe(0);

    await signIn(page, ADMIN.email);
    await toast(page, 'Login successful');
    await page.waitForURL(`${server.url}/`);
    await page.goto('/create-user');
    await visible(page.getByRole('form', { name: 'Create user' }));
    // An Admin cannot create administrators, and creates users in their own organisation.
    const roles = await page.getByLabel('Role').locator('option').allInnerTexts();
    expect(roles).toEqual(['Sales Manager', 'Sales Rep', 'Marketing', 'Client Manager']);
    expect(await page.getByLabel('Organization name').inputValue()).toBe('acme-corp');
    await snap(page, 'create-user-1280');
    await createUserThroughForm(page, REP);
    await signOut(page);

    await signIn(page, REP.email);
    await page.waitForURL('**/leads-table');
    const links = await sidebarLinks(page);
    // A Sales Rep's defaults: their leads first, with the dashboard, inbox and calendar.
    expect(links).toEqual(
      expect.arrayContaining(['Dashboard', 'All Leads', 'Profile', 'Configuration', 'Inbox']),
    );
    expect(links).not.toContain('Teams');
    await page.goto('/teams');
    await visible(page.getByText('You do not have permission to view this page.'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a permission change shows up in the rep’s sidebar', async () => {
    const rep = await newPage(browser, server.url);
    await signIn(rep.page, REP.email);
    await rep.page.waitForURL('**/leads-table');
    expect(await sidebarLinks(rep.page)).not.toContain('Teams');

    const admin = await newPage(browser, server.url);
    await signIn(admin.page, ADMIN.email);
    await admin.page.waitForURL(`${server.url}/`);
    await admin.page.goto('/teams');
    await visible(admin.page.getByText('Team Members'));
    await snap(admin.page, 'teams-1280');
    await admin.page.getByRole('button', { name: `Edit permissions for ${REP.name}` }).click();
    const dialog = admin.page.getByRole('dialog');
    await visible(dialog);
    await dialog.getByRole('switch', { name: 'Teams' }).check({ force: true });
    await snap(admin.page, 'permission-editor-1280');
    await dialog.getByRole('button', { name: 'Save permissions' }).click();
    await toast(admin.page, 'Permissions updated successfully');

    // The rep's next request sees it: returning to the window refreshes the session.
    await rep.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await visible(
      rep.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' }),
    );
    await rep.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Teams' })
      .click();
    await visible(rep.page.getByText('Team Members'));
    await visible(rep.page.getByText(ADMIN.name));
    expect(rep.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await rep.context.close();
    await admin.context.close();
  });

  it('sign-up -> approval -> sign-in', async () => {
    const applicant = { name: 'Paul Pending', email: 'paul@acme.test' };
    const { context, page, errors } = await newPage(browser, server.url);
    await page.goto('/signup');
    await page.getByLabel('Full name').fill(applicant.name);
    await page.getByLabel('Email address').fill(applicant.email);
    await page.getByLabel(PASSWORD_LABEL).fill(PASSWORD);
    await page.getByLabel('Organization name').fill('  Acme Corp ');
    await visible(page.getByText('acme-corp'));
    await snap(page, 'signup-1280');
    await page.getByRole('button', { name: 'Create account' }).click();
    await toast(page, 'Registration received');
    // The text reads right whether the address was new or already had an account (issue 24).
    await visible(page.getByText(`If ${applicant.email} can be registered`));
    await visible(page.getByText(`If ${applicant.email} already has an account`));

    await signIn(page, applicant.email);
    await visible(page.getByText('Your account is pending approval'));
    expect(page.url()).toContain('/login');

    await signIn(page, ROOT.email);
    await page.waitForURL(`${server.url}/`);
    await page.goto('/approval-users');
    await visible(page.getByText('Pending User Approvals'));
    const card = page.getByRole('article', { name: applicant.name });
    await visible(card);
    await snap(page, 'approval-users-1280');
    await card.getByRole('button', { name: 'Approve' }).click();
    await visible(page.getByText('Please set an expiration date before approving the user.'));
    await card.getByLabel('Expiration date').fill(tomorrow());
    await card.getByRole('button', { name: 'Approve' }).click();
    await visible(page.getByText('All caught up!'));
    await signOut(page);

    await signIn(page, applicant.email);
    await page.waitForURL('**/leads-table');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the burger menu at 375 px opens, and closes on Escape and on a click outside', async () => {
    const { context, page, errors } = await newPage(browser, server.url, PHONE);
    await signIn(page, REP.email);
    await page.waitForURL('**/leads-table');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await visible(burger);
    expect(await nav.isVisible()).toBe(false);
    await snap(page, 'shell-closed-375');
    await burger.click();
    await visible(nav);
    await snap(page, 'shell-open-375');
    await page.keyboard.press('Escape');
    await hidden(nav);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await visible(nav);
    await page.mouse.click(360, 400);
    await hidden(nav);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await nav.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await hidden(nav);
    expect(errors).toEqual([]);
    await context.close();
  });
  it('the prerendered sign-in page cannot be submitted before the app loads, and keeps what was typed', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    // Hold the app's entry script back so the static page is all there is for a while.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.locator('input[name="email"]').fill(REP.email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="password"]').press('Enter');
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${server.url}/login`);
    release();
    await page
      .getByRole('button', { name: 'Sign in', exact: true })
      .and(page.locator(':enabled'))
      .waitFor();
    expect(await page.getByLabel('Email address').inputValue()).toBe(REP.email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/leads-table');
    expect(errors).toEqual([]);
    await context.close();
  });
  it('back moves through the app, and asks before leaving it', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    const dialogs: string[] = [];
    let accept = false;
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      if (accept) await dialog.accept();
      else await dialog.dismiss();
    });
    await signIn(page, REP.email);
    await page.waitForURL('**/leads-table');
    await sidebarLinks(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Profile' })
      .click();
    await page.waitForURL('**/profile');
    await page.goBack();
    await page.waitForURL('**/leads-table');
    expect(dialogs).toEqual([]);
    await page.goBack();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toBe("You're about to leave. Do you want to logout?");
    expect(page.url()).toContain('/leads-table');
    // Declining puts the guard back on top; Back is pressed again once it is there.
    await guardedAgain(page);
    accept = true;
    await page.goBack();
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await context.close();
  });
});
