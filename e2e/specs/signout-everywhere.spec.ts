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

describe('where you are signed in', () => {
  it('Profile lists the sessions and signs out another device', async () => {
    const { page, context, errors } = await newPage(browser, server.url);
    await signIn(page, REP.email);
    await page.waitForURL('**/leads-table');
    // Another device: a script signing in (its User-Agent tells no browser).
    const otherDevice = await signinToken(server, REP.email, PASSWORD);
    await page.goto('/profile');
    const section = page.getByText('Where you are signed in');
    await visible(section);
    await visible(page.getByText('This browser'));
    const other = page.getByRole('listitem', { name: 'Other client' });
    await visible(other);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(DESKTOP);
      await section.scrollIntoViewIfNeeded();
      await snap(page, `profile-sessions-1280-${scheme}`);
      await page.setViewportSize(PHONE);
      await page.getByRole('tab', { name: 'Settings' }).click();
      await visible(page.getByText('Where you are signed in'));
      await page.getByText('Where you are signed in').scrollIntoViewIfNeeded();
      await snap(page, `profile-sessions-375-${scheme}`);
      await page.getByRole('tab', { name: 'Overview' }).click();
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);

    await other.getByRole('button', { name: 'Sign out' }).click();
    await toast(page, 'Signed out on that device');
    await page.getByRole('listitem', { name: 'Other client' }).waitFor({ state: 'detached' });
    expect(await meStatus(otherDevice)).toBe(401);
    // This browser is still in.
    await page.reload();
    await visible(page.getByText('This browser'));
    expect(errors).toEqual([]);
    await context.close();
  });
});

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

describe('sign out everywhere with the API keys (issue 24)', () => {
  it('the dialog offers to revoke the keys too; checked, they stop working', async () => {
    const token = await signinToken(server, REP.email, PASSWORD);
    const created = await postApi(server, '/api/api-keys', { name: 'Exported script' }, token);
    const { key } = created as { key: string };
    expect(await meStatus(key)).toBe(200);
    const { page, context, errors } = await newPage(browser, server.url);
    await signIn(page, REP.email);
    await page.waitForURL('**/leads-table');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog');
    const revoke = dialog.getByRole('checkbox', { name: 'Also revoke all my API keys' });
    await visible(revoke);
    expect(await revoke.isChecked()).toBe(false);
    await revoke.check();
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await snap(page, `profile-signout-everywhere-keys-${viewport.width}-light`);
    }
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
    await page.waitForURL('**/login');
    await toast(page, 'Signed out everywhere and 1 API key revoked. Sign in again to continue.');
    expect(await meStatus(key)).toBe(401);
    expect(await meStatus(token)).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });
});
