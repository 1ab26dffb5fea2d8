import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { postApi, signinToken } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, snap } from '../support/browser.ts';
import { PASSWORD, signIn, toast, visible } from '../support/pages.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;

const ROOT = 'root@everywhere.test';
const REP = { name: 'Sam Sessions', email: 'sam@everywhere.test' };

beforeAll(async () => {
  server = await startServer({ env: { SUPERADMIN_EMAIL: ROOT, SUPERADMIN_PASSWORD: PASSWORD } });
  browser = await launchBrowser();
  const root = await signinToken(server, ROOT, PASSWORD);
  await postApi(
    server,
    '/api/auth/signup',
    { ...REP, password: PASSWORD, role: 'Sales Rep', organizationName: 'everywhere-co' },
    root,
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const meStatus = async (token: string) =>
  (await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } }))
    .status;

describe('sign out everywhere', () => {
  it('the Profile button ends this browser’s session and every other one', async () => {
    const here = await newPage(browser, server.url);
    const elsewhere = await newPage(browser, server.url);
    for (const { page } of [here, elsewhere]) {
      await signIn(page, REP.email);
      await page.waitForURL('**/leads-table');
    }
    const otherDevice = await signinToken(server, REP.email, PASSWORD);
    const page = here.page;
    await page.goto('/profile');
    const button = page.getByRole('button', { name: 'Sign out everywhere' });
    await visible(button);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await page.waitForTimeout(300); // layout settles at the new width
        await snap(page, `profile-signout-everywhere-${viewport.width}-${scheme}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);

    await button.click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('This ends every session of your account'));
    await snap(page, 'profile-signout-everywhere-confirm-1280-light');
    await dialog.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
    await page.waitForURL('**/login');
    await toast(page, 'Signed out everywhere. Sign in again to continue.');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    expect(await meStatus(otherDevice)).toBe(401);
    await elsewhere.page.goto('/profile');
    await elsewhere.page.waitForURL('**/login');

    // Signing in again works.
    await signIn(page, REP.email);
    await page.waitForURL('**/leads-table');
    expect(here.errors).toEqual([]);
    expect(elsewhere.errors).toEqual([]);
    await here.context.close();
    await elsewhere.context.close();
  });
});
