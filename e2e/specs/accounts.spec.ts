import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { postApi, signinToken } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, snap } from '../support/browser.ts';
import { startMailbox } from '../support/email-pages.ts';
import type { Mailbox } from '../support/email-pages.ts';
import { PASSWORD, signIn, signOut, toast, visible } from '../support/pages.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let mailbox: Mailbox;

const ROOT = 'root@accounts.test';
const ADMIN = { name: 'Ada Admin', email: 'ada@accounts.test' };
const REP = { name: 'Rita Rep', email: 'rita@accounts.test' };
const CHANGED = 'rita-own-password-1';
const AFTER_RESET = 'rita-after-reset-2';
const FROM_LINK = 'rita-from-the-link-3';

beforeAll(async () => {
  mailbox = await startMailbox('system@mail.test', 'system-mailbox-pass');
  server = await startServer({
    env: {
      SUPERADMIN_EMAIL: ROOT,
      SUPERADMIN_PASSWORD: PASSWORD,
      SYSTEM_SMTP_URL: `smtp://system%40mail.test:system-mailbox-pass@127.0.0.1:${mailbox.port}`,
      SYSTEM_MAIL_FROM: 'Leadline <noreply@accounts.test>',
    },
  });
  browser = await launchBrowser();
  const root = await signinToken(server, ROOT, PASSWORD);
  const create = (user: { name: string; email: string }, role: string) =>
    postApi(
      server,
      '/api/auth/signup',
      { ...user, password: PASSWORD, role, organizationName: 'accounts-co' },
      root,
    );
  await create(ADMIN, 'Admin');
  await create(REP, 'Sales Rep');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.stop();
});

/** Screenshots at 1280 and 375 px, light and dark (the page goes back to 1280, light). */
const snapAll = async (page: Page, name: string, atPhone?: () => Promise<void>) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(300); // layout settles at the new width
      if (viewport === PHONE) await atPhone?.();
      await snap(page, `${name}-${viewport.width}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(DESKTOP);
};

const meStatus = async (token: string) =>
  (await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } }))
    .status;

const fillNewPassword = async (page: Page, password: string) => {
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Confirm new password/).fill(password);
};

describe('accounts in the browser', () => {
  it('changing one’s password on the profile signs out the other session only; Logout ends this one on the server', async () => {
    const here = await newPage(browser, server.url);
    const elsewhere = await newPage(browser, server.url);
    for (const { page } of [here, elsewhere]) {
      await signIn(page, REP.email);
      await page.waitForURL('**/leads-table');
    }
    const page = here.page;
    await page.goto('/profile');
    const form = page.getByRole('form', { name: 'Change password' });
    await visible(form);
    // At 375 px the profile is in tabs: the password is under Settings.
    await snapAll(page, 'profile-password', () =>
      page.getByRole('tab', { name: 'Settings' }).click(),
    );
    await form.getByLabel(/^Current password/).fill('not-my-password');
    await fillNewPassword(page, CHANGED);
    await form.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByText('Current password is incorrect').first());

    await form.getByLabel(/^Current password/).fill(PASSWORD);
    await fillNewPassword(page, CHANGED);
    await form.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Password changed. Your other sessions have been signed out.');
    // This browser stays signed in.
    await page.goto('/leads-table');
    await visible(page.getByRole('heading', { name: 'All Leads' }));

    // The other one is out on its next request.
    await elsewhere.page.goto('/profile');
    await elsewhere.page.waitForURL('**/login');
    await toast(elsewhere.page, 'Your session has expired. Please sign in again.');

    // Logout ends the session on the server: a copy of the token is refused afterwards.
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(await meStatus(token!)).toBe(200);
    await signOut(page);
    await expect.poll(() => meStatus(token!), { timeout: 15_000 }).toBe(401);
    expect(here.errors).toEqual([]);
    expect(elsewhere.errors).toEqual([]);
    await here.context.close();
    await elsewhere.context.close();
  });

  it('an Admin resets a password; the member must choose a new one before anything else', async () => {
    const admin = await newPage(browser, server.url);
    await signIn(admin.page, ADMIN.email);
    await admin.page.waitForURL(`${server.url}/`);
    await admin.page.goto('/teams');
    await admin.page.getByRole('button', { name: `Account actions for ${REP.name}` }).click();
    await visible(admin.page.getByRole('menuitem', { name: 'Reset password' }));
    await snap(admin.page, 'teams-account-menu-1280-light');
    await admin.page.getByRole('menuitem', { name: 'Reset password' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Reset password' }).click();
    const shown = admin.page.getByTestId('temporary-password');
    await visible(shown);
    const temporary = (await shown.innerText()).trim();
    expect(temporary).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    await snapAll(admin.page, 'temporary-password');
    await admin.page.getByRole('button', { name: 'Done' }).click();

    const rep = await newPage(browser, server.url);
    await signIn(rep.page, REP.email, temporary);
    await rep.page.waitForURL('**/change-password');
    await visible(rep.page.getByText('You signed in with a temporary password.'));
    await snapAll(rep.page, 'change-password-required');
    // Nothing else opens first.
    await rep.page.goto('/leads-table');
    await rep.page.waitForURL('**/change-password');
    await rep.page.getByLabel(/^Temporary password/).fill(temporary);
    await fillNewPassword(rep.page, AFTER_RESET);
    await rep.page.getByRole('button', { name: 'Save new password' }).click();
    await rep.page.waitForURL('**/leads-table');
    await toast(rep.page, 'Password changed');

    // Deactivated: out at once, and told why at sign-in; reactivated: back in.
    await admin.page.getByRole('button', { name: `Account actions for ${REP.name}` }).click();
    await admin.page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await toast(admin.page, `User deactivated: ${REP.name}`);
    await visible(
      admin.page.getByRole('article', { name: REP.name }).getByText('Deactivated', { exact: true }),
    );
    await snapAll(admin.page, 'teams-deactivated');
    await rep.page.goto('/profile');
    await rep.page.waitForURL('**/login');
    await signIn(rep.page, REP.email, AFTER_RESET);
    await toast(
      rep.page,
      'Your account has been deactivated. Ask an administrator to reactivate it.',
    );
    await admin.page.getByRole('button', { name: `Account actions for ${REP.name}` }).click();
    await admin.page.getByRole('menuitem', { name: 'Reactivate' }).click();
    await toast(admin.page, `User reactivated: ${REP.name}`);
    await signIn(rep.page, REP.email, AFTER_RESET);
    await rep.page.waitForURL('**/leads-table');

    // A role change from the same menu.
    await admin.page.getByRole('button', { name: `Account actions for ${REP.name}` }).click();
    await admin.page.getByRole('menuitem', { name: 'Change role' }).click();
    const roles = await admin.page.getByRole('dialog').getByLabel('Role').locator('option');
    expect(await roles.allInnerTexts()).toEqual([
      'Sales Manager',
      'Sales Rep',
      'Marketing',
      'Client Manager',
    ]);
    await admin.page.getByRole('dialog').getByLabel('Role').selectOption('Marketing');
    await snap(admin.page, 'teams-change-role-1280-light');
    await admin.page.getByRole('button', { name: 'Save role' }).click();
    await toast(admin.page, `${REP.name} is now Marketing`);
    expect(admin.errors).toEqual([]);
    expect(rep.errors).toEqual([]);
    await admin.context.close();
    await rep.context.close();
  });

  it('"Forgot password?" mails a link that sets a new password', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await page.goto('/login');
    await page
      .getByRole('button', { name: 'Sign in', exact: true })
      .and(page.locator(':enabled'))
      .waitFor();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await snapAll(page, 'forgot-password');
    const before = mailbox.messages.length;
    await page.getByLabel(/^Email address/).fill(REP.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await visible(page.getByText('Check your email'));
    await snapAll(page, 'forgot-password-sent');

    const [message] = (await mailbox.waitFor(before + 1)).slice(before);
    expect(message!.recipients).toEqual([REP.email]);
    const link = /(http\S+\/reset-password#token=[0-9a-f]{64})/.exec(message!.text ?? '')?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    await page.goto(`${url.pathname}${url.hash}`);
    await visible(page.getByRole('form', { name: 'Choose a new password' }));
    await snapAll(page, 'reset-password');
    await fillNewPassword(page, FROM_LINK);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL('**/login');
    await toast(page, 'Your password has been changed. Sign in with your new password.');
    await signIn(page, REP.email, FROM_LINK);
    // The previous test made Rita Marketing, whose defaults open on the Dashboard.
    await page.waitForURL(`${server.url}/`);

    // The link worked once.
    await page.goto(`${url.pathname}${url.hash}`);
    await fillNewPassword(page, 'one-more-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await toast(page, /This reset link is invalid or has expired/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without a system mailbox the page says to ask an administrator', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    // This server has a mailbox: the answer of one without is stood in for.
    await page.route('**/api/auth/options', (route) =>
      route.fulfill({ json: { passwordResetByEmail: false } }),
    );
    await page.goto('/forgot-password');
    await visible(page.getByText('Ask an administrator', { exact: true }));
    await snapAll(page, 'forgot-password-ask-admin');
    expect(errors).toEqual([]);
    await context.close();
  });
});
