// The product as a team reaches it on its own network: plain HTTP under a host name that is not
// localhost (crm.lan, resolved to loopback by Chromium itself, so nothing leaves the machine).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser.ts';
import { postApi, signinToken } from '../support/api.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { PASSWORD, signIn, visible } from '../support/pages.ts';

const HOST = 'crm.lan';
const ROOT = { email: 'root@lan.test', password: 'lan-root-password-1' };
const ADMIN = { name: 'Lena Lan', email: 'lena@lan.test' };

let server: RunningServer;
let browser: Browser;
let lanUrl: string;

beforeAll(async () => {
  server = await startServer({
    env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
  });
  lanUrl = `http://${HOST}:${server.port}`;
  browser = await launchBrowser({ args: [`--host-resolver-rules=MAP ${HOST} 127.0.0.1`] });
  await postApi(
    server,
    '/api/auth/signup',
    { ...ADMIN, password: PASSWORD, role: 'Admin', organizationName: 'Lan Office' },
    await signinToken(server, ROOT.email, ROOT.password),
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every address the context asked for, to prove none went to https://. */
const recordRequests = (context: BrowserContext) => {
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  return urls;
};

const bodyMargin = (page: Page) => page.evaluate(() => getComputedStyle(document.body).margin);

describe(`the app at http://${HOST}`, () => {
  it('is styled, signs in and loads its screens over plain HTTP', async () => {
    const { context, page, errors } = await newPage(browser, lanUrl);
    const urls = recordRequests(context);
    const response = await page.goto('/login');
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['strict-transport-security']).toBeUndefined();

    await signIn(page, ADMIN.email);
    // The CSS bundle applies (the browser's own body margin is 8px).
    expect(await bodyMargin(page)).toBe('0px');
    const sheets = await page.evaluate(() =>
      Array.from(document.styleSheets, (sheet) => sheet.href).filter(Boolean),
    );
    expect(sheets.length).toBeGreaterThan(0);
    for (const sheet of sheets) expect(sheet).toMatch(new RegExp(`^${lanUrl}/assets/`));

    await page.waitForURL(`${lanUrl}/`);
    await visible(page.getByRole('heading', { name: 'Dashboard Overview' }));
    await snap(page, 'lan-dashboard-1280');
    await page.getByRole('link', { name: 'All Clients' }).click();
    await visible(page.getByRole('heading', { name: 'Client Data' }));

    expect(urls.filter((url) => url.startsWith('https:'))).toEqual([]);
    expect(urls.some((url) => url.startsWith(`${lanUrl}/assets/`))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reloads once to the new build when a page held across an upgrade misses a file', async () => {
    const { context, page } = await newPage(browser, lanUrl);
    await signIn(page, ADMIN.email);
    await visible(page.getByRole('heading', { name: 'Dashboard Overview' }));
    const pageLoads = () => urls.filter((url) => url === `${lanUrl}/all-clients`).length;
    const urls = recordRequests(context);

    // The screen's code file is gone once (as after a rebuild): the page reloads and gets it.
    // Every request for it fails (the module preload and the import alike) until the page
    // navigates: the reloaded page finds the file.
    let missing = true;
    let forGood = false;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && !forGood) missing = false;
    });
    await page.route('**/assets/clients-route-*.js', (route) =>
      missing ? route.fulfill({ status: 404, body: 'gone' }) : route.fallback(),
    );
    const reloadedOnce = page.waitForEvent('load');
    await page.getByRole('link', { name: 'All Clients' }).click();
    await reloadedOnce;
    await visible(page.getByRole('heading', { name: 'Client Data' }));
    expect(pageLoads()).toBe(1);

    // Missing for good (a broken upgrade): one reload, then the error shows; never a loop.
    forGood = true;
    missing = true;
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/'); // a fresh page that has not loaded the screen's code yet
    await visible(page.getByRole('heading', { name: 'Dashboard Overview' }));
    const reloaded = page.waitForEvent('load');
    await page.getByRole('link', { name: 'All Clients' }).click();
    await reloaded;
    await visible(page.getByText('Something went wrong'));
    expect(pageLoads()).toBe(2);
    await context.close();
  });
});
