import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { postApi, signinToken } from '../support/api.ts';
import { axeFindings } from '../support/axe.ts';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newPage,
  snap,
  snapDark,
  snapOnFailure,
} from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { PASSWORD, signIn, visible } from '../support/pages.ts';

/*
 * Search over everything (issue 28, part 5) in the browser: Ctrl-K from a page, results while
 * typing, grouped, the words marked, keyboard only to open one; the header's button on a phone.
 */

const ROOT = { email: 'root@search.test', password: PASSWORD };
const ADMIN = { name: 'Sasha Admin', email: 'sasha@search.test' };

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  server = await startServer({
    env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
  });
  browser = await launchBrowser();
  const root = await signinToken(server, ROOT.email, ROOT.password);
  await postApi(
    server,
    '/api/auth/signup',
    { ...ADMIN, password: PASSWORD, role: 'Admin', organizationName: 'search-e2e' },
    root,
  );
  const admin = await signinToken(server, ADMIN.email, PASSWORD);
  for (const [first, last, company, email, city] of [
    ['Lena', 'Berg', 'Northwind Trading', 'lena@northwind.test', 'Berlin'],
    ['Jürgen', 'Weiß', 'Bergmann Logistik', 'juergen@bergmann.test', 'München'],
    ['Amara', 'Okafor', 'Lagos Freight', 'amara@lagos.test', 'Lagos'],
  ] as const) {
    await postApi(
      server,
      '/api/leads',
      {
        personFirstName: first,
        personLastName: last,
        companyName: company,
        personEmail: email,
        personCity: city,
        source: 'Referral',
      },
      admin,
    );
  }
  await postApi(
    server,
    '/api/templates',
    { name: 'Pilot proposal', subject: 'A pilot for {{companyName}}', body: '<p>Hello</p>' },
    admin,
  );
  ({ context, page, errors } = await newPage(browser, server.url, DESKTOP, { axe: true }));
  await signIn(page, ADMIN.email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}, 180_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const dialog = () => page.getByRole('dialog', { name: 'Search' });
const field = () => dialog().getByRole('combobox', { name: 'Search everything' });
const options = () => dialog().getByRole('option');

/** The dialog alone, light and dark (a full-page picture makes it small). */
const snapDialog = async (name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(200);
    await dialog().screenshot({ path: `${dir}/${name}-dialog-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
};

describe('search in the browser', () => {
  snapOnFailure(() => page);

  it('opens with Ctrl-K, finds while typing, groups and marks, and opens a result by keyboard', async () => {
    // The header's button is there: the shell (and its shortcut) is on the page.
    await visible(page.getByRole('button', { name: 'Search' }));
    await page.keyboard.press('Control+K');
    await visible(field());
    await page.keyboard.type('berg');
    await visible(dialog().getByRole('group', { name: 'Leads' }));
    await expect.poll(() => options().count()).toBeGreaterThanOrEqual(2);
    const leads = dialog().getByRole('group', { name: 'Leads' }).getByRole('option');
    await visible(leads.filter({ hasText: 'Lena Berg' }));
    await visible(leads.filter({ hasText: 'Jürgen Weiß' }));
    await visible(
      dialog().getByRole('group', { name: 'Companies' }).getByText('Bergmann Logistik'),
    );
    expect(await dialog().locator('mark').first().textContent()).toMatch(/^berg$/i);
    expect(await axeFindings(page)).toEqual([]);
    await snap(page, 'search-1280');
    await snapDark(page, 'search-1280');
    await snapDialog('search-1280');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeFindings(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });

    await page.keyboard.press('ArrowDown');
    expect(await options().nth(1).getAttribute('aria-selected')).toBe('true');
    const chosen = (await options().nth(1).locator('p').first().textContent()) ?? '';
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/leads-table\?.*lead=/);
    await visible(page.getByRole('dialog').filter({ hasText: chosen.trim() }).first());
    expect(errors).toEqual([]);
  });

  it('says when nothing is found, and searches only names for short words', async () => {
    await page.goto('/');
    await visible(page.getByRole('button', { name: 'Search' }));
    await page.keyboard.press('Control+K');
    await field().fill('zzqxy');
    await visible(dialog().getByText('Nothing found for “zzqxy”.'));
    await field().fill('la');
    await visible(dialog().getByText(/Type 3 letters or more/));
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);

    await page.keyboard.press('Control+K');
    await field().fill('pilot');
    await visible(dialog().getByRole('group', { name: 'Templates' }).getByText('Pilot proposal'));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/templates\?template=/);
    await visible(page.getByRole('dialog', { name: 'Preview: Pilot proposal' }));
  });

  it('opens from the header button on a phone', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Search' }).click();
    await field().fill('lagos');
    await visible(dialog().getByRole('option').filter({ hasText: 'Amara Okafor' }));
    expect(await axeFindings(page)).toEqual([]);
    await snap(page, 'search-375');
    await snapDark(page, 'search-375');
    await snapDialog('search-375');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeFindings(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);
    expect(errors).toEqual([]);
  });
});
