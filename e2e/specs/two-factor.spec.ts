import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi, postApi, signUpAdmin, signinToken } from '../support/api.ts';
import { axeFindingsInBothSchemes } from '../support/axe.ts';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newPage,
  snap,
  snapDark,
  snapOnFailure,
  snapSizes,
} from '../support/browser.ts';
import { PASSWORD, hidden, signIn, toast, visible } from '../support/pages.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { base32Decode, totpAt } from '@leadline/shared/totp';

let server: RunningServer;
let browser: Browser;
let page: Page;

const ROOT = { email: 'root@twofactor.test', password: PASSWORD };
const ADMIN = { name: 'Ada Admin', email: 'ada@twofactor.test', password: PASSWORD };
const REP = { name: 'Sam Steps', email: 'sam@twofactor.test' };
const NEWCOMER = { name: 'Nia New', email: 'nia@twofactor.test' };
const ORGANIZATION = 'twofactor-co';

/**
 * The code an authenticator app shows for `secret`, one step ahead: the server accepts one
 * step of drift, and a step after the one the last code used (a used step is refused).
 */
const nextCode = (secret: string) => totpAt(base32Decode(secret), Date.now() + 30_000);
const codeNow = (secret: string) => totpAt(base32Decode(secret), Date.now());

const noAxeFindings = async () => expect(await axeFindingsInBothSchemes(page)).toEqual([]);

/** Both widths (unless the layout would change under the flow), both schemes: pictures and axe. */
const checkScreen = async (name: string, widths: 'both' | 'desktop' = 'both') => {
  await noAxeFindings();
  if (widths === 'desktop') {
    await snap(page, `${name}-1280`);
    await snapDark(page, `${name}-1280`);
    return;
  }
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await noAxeFindings();
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  await snapSizes(page, name);
};

const secretOnPage = async () =>
  ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');

beforeAll(async () => {
  server = await startServer({
    env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
  });
  browser = await launchBrowser();
  await signUpAdmin(server, ROOT, { ...ADMIN, organizationName: ORGANIZATION });
  const root = await signinToken(server, ROOT.email, ROOT.password);
  for (const member of [REP, NEWCOMER]) {
    await postApi(
      server,
      '/api/auth/signup',
      { ...member, password: PASSWORD, role: 'Sales Rep', organizationName: ORGANIZATION },
      root,
    );
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('two-step sign-in', () => {
  snapOnFailure(() => page);

  it('is set up on Profile with a QR code, then asked after the password', async () => {
    const opened = await newPage(browser, server.url, DESKTOP, { axe: true });
    page = opened.page;
    await signIn(page, REP.email);
    await page.waitForURL('**/leads-table');
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await visible(section.getByText('Off', { exact: true }));
    await section.getByRole('button', { name: 'Set up' }).click();
    await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await visible(page.getByRole('img', { name: 'QR code for your authenticator app' }));
    const secret = await secretOnPage();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await section.scrollIntoViewIfNeeded();
    // At 375 px Profile is tabs (another layout): the set-up is checked there further down.
    await checkScreen('two-factor-setup', 'desktop');

    await page.getByLabel('Code from your authenticator app').fill(codeNow(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByTestId('recovery-codes');
    await visible(codes);
    expect(await codes.locator('code').count()).toBe(10);
    await checkScreen('two-factor-recovery-codes', 'desktop');
    await page.getByRole('button', { name: 'Done' }).click();
    await visible(section.getByText('On', { exact: true }));
    await visible(section.getByText(/10 of 10 recovery codes left/));
    await page.setViewportSize(PHONE);
    await page.getByRole('tab', { name: 'Settings' }).click();
    const phoneSection = page.getByRole('region', { name: 'Two-step sign-in' });
    await visible(phoneSection.getByRole('button', { name: 'New recovery codes' }));
    await phoneSection.scrollIntoViewIfNeeded();
    await noAxeFindings();
    await snap(page, 'two-factor-profile-on-375');
    await snapDark(page, 'two-factor-profile-on-375');
    expect(opened.errors).toEqual([]);
    await opened.context.close();

    // Signing in again: the password, then the code.
    const again = await newPage(browser, server.url, DESKTOP, { axe: true });
    page = again.page;
    await signIn(page, REP.email);
    await visible(page.getByText('Open your authenticator app and enter the 6-digit code'));
    await checkScreen('two-factor-code-step');
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await visible(page.getByLabel('Recovery code'));
    await page.getByRole('button', { name: 'Use a code from the app' }).click();
    await page.getByLabel('Code from your authenticator app').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await visible(page.getByText(/That code is not right/));
    await page.getByLabel('Code from your authenticator app').fill(nextCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/leads-table');
    expect(again.errors).toEqual([]);
    await again.context.close();
  });

  it('can be required by an Admin: a member without it is led to set it up first', async () => {
    // The Admin sets theirs up first (through the API here; the screens are tested above).
    const adminToken = await signinToken(server, ADMIN.email, ADMIN.password);
    const setup = await postApi(server, '/api/auth/2fa/setup', {}, adminToken);
    const adminSecret = new URL(String(setup.otpauthUri)).searchParams.get('secret')!;
    await postApi(server, '/api/auth/2fa/enable', { code: codeNow(adminSecret) }, adminToken);

    const opened = await newPage(browser, server.url, DESKTOP, { axe: true });
    page = opened.page;
    await signIn(page, ADMIN.email);
    await page.getByLabel('Code from your authenticator app').fill(nextCode(adminSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/teams');
    const requireSwitch = page.getByRole('switch', { name: 'Require two-step sign-in' });
    await requireSwitch.scrollIntoViewIfNeeded();
    await requireSwitch.click();
    await toast(page, 'Two-step sign-in is now required');
    // The toast covers the header while it shows.
    await hidden(page.getByText('Two-step sign-in is now required'));
    await checkScreen('two-factor-organisation-switch');
    // Sam lost their phone: the Admin resets Sam's two-step sign-in from the team's menu.
    await page.getByRole('button', { name: `Account actions for ${REP.name}` }).click();
    await page.getByRole('menuitem', { name: 'Reset two-step sign-in' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(/authenticator app and recovery codes stop working/));
    await snap(page, 'two-factor-reset-confirm-1280');
    await dialog.getByRole('button', { name: 'Reset two-step sign-in' }).click();
    await toast(page, /Two-step sign-in reset/);
    expect(opened.errors).toEqual([]);
    await opened.context.close();

    const member = await newPage(browser, server.url, DESKTOP, { axe: true });
    page = member.page;
    await signIn(page, NEWCOMER.email);
    await page.waitForURL('**/two-factor-setup');
    await visible(page.getByText('Your organisation requires two-step sign-in'));
    await checkScreen('two-factor-forced-setup');
    // Nothing else opens meanwhile.
    await page.goto('/leads-table');
    await page.waitForURL('**/two-factor-setup');
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const secret = await secretOnPage();
    await page.getByLabel('Code from your authenticator app').fill(codeNow(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await visible(page.getByTestId('recovery-codes'));
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL('**/leads-table');
    expect(member.errors).toEqual([]);
    await member.context.close();

    // The Admin resets the newcomer's (a lost phone): logged and emailed by the server.
    const users = await callApi(server, '/api/users', { token: adminToken });
    const newcomer = (users.users as { _id: string; email: string }[]).find(
      (user) => user.email === NEWCOMER.email,
    )!;
    await callApi(server, `/api/users/${newcomer._id}/2fa`, {
      method: 'DELETE',
      token: adminToken,
    });
    const status = await callApi(server, '/api/auth/2fa', {
      token: await signinToken(server, NEWCOMER.email, PASSWORD),
    });
    expect(status).toMatchObject({ enabled: false, required: true });
  });
});
