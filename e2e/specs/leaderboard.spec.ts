import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { postApi, signinToken } from '../support/api.ts';
import { PHONE, launchBrowser, newPage, snap, snapDark } from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { PASSWORD, signIn, visible } from '../support/pages.ts';

const ROOT = { email: 'root@board.test', password: PASSWORD };
const ADMIN = { name: 'Lee Board', email: 'lee@board.test' };
const REP = { name: 'Rita Rep', email: 'rita@board.test' };
const ORG = 'board-e2e';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({
    env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
  });
  browser = await launchBrowser();
  const root = await signinToken(server, ROOT.email, ROOT.password);
  // A second organisation, so that a Super Admin starts with none chosen.
  for (const [user, role, organizationName] of [
    [ADMIN, 'Admin', ORG],
    [REP, 'Sales Rep', ORG],
    [{ name: 'Otto Other', email: 'otto@board.test' }, 'Admin', 'other-board-e2e'],
  ] as const) {
    await postApi(
      server,
      '/api/auth/signup',
      { ...user, password: PASSWORD, role, organizationName },
      root,
    );
  }
  const lead = (index: number, token: string) =>
    postApi(
      server,
      '/api/leads',
      {
        companyName: `Company ${index}`,
        personFirstName: 'Dana',
        personLastName: `Lead${index}`,
        personEmail: `dana.${index}@lead.test`,
        source: 'Referral',
      },
      token,
    );
  const admin = await signinToken(server, ADMIN.email, PASSWORD);
  const rep = await signinToken(server, REP.email, PASSWORD);
  for (const index of [1, 2, 3]) await lead(index, admin);
  await lead(4, rep);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const rows = (page: Page) => page.getByRole('table', { name: 'Leaderboard' }).locator('tbody tr');

/** Waits for the board to show the dates in the URL, loaded. */
const settled = async (page: Page) => {
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  await rows(page).first().waitFor();
};

const figuresOf = async (page: Page, name: string) =>
  (await rows(page).filter({ hasText: name }).locator('td').allInnerTexts()).slice(2);

describe('the leaderboard', () => {
  it('ranks the team for this month, highlighting your own row', async () => {
    const { page, errors } = await newPage(browser, server.url);
    await signIn(page, ADMIN.email);
    await page.getByRole('link', { name: 'Leaderboard' }).click();
    await page.waitForURL('**/leaderboard');
    await settled(page);
    expect(await page.getByLabel('Period').inputValue()).toBe('month');
    const own = rows(page).and(page.locator('[aria-current="true"]'));
    await visible(own.getByText(ADMIN.name));
    await visible(own.getByText('You'));
    expect(await rows(page).count()).toBe(2);
    expect(await rows(page).first().innerText()).toContain(ADMIN.name);
    expect(await figuresOf(page, ADMIN.name)).toEqual([
      '3',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '$0',
    ]);
    expect(await figuresOf(page, REP.name)).toEqual(['1', '0', '0', '0', '0', '0', '0', '0', '$0']);
    await snap(page, 'leaderboard-1280');
    await snapDark(page, 'leaderboard-1280');

    // A custom period before anything happened: everyone at zero, still listed.
    await page.getByLabel('From').fill('2020-01-01');
    await page.getByLabel('To').fill('2020-01-31');
    await page.waitForURL(/to=2020-01-31/);
    await settled(page);
    expect(await page.getByLabel('Period').inputValue()).toBe('custom');
    await expect
      .poll(() => figuresOf(page, ADMIN.name))
      .toEqual(['0', '0', '0', '0', '0', '0', '0', '0', '$0']);
    expect(await rows(page).count()).toBe(2);

    // Back to a preset; rank by another figure from its header.
    await page.getByLabel('Period').selectOption('30d');
    await page.waitForURL(/from=/);
    await settled(page);
    await expect
      .poll(() => figuresOf(page, REP.name))
      .toEqual(['1', '0', '0', '0', '0', '0', '0', '0', '$0']);
    await page.getByRole('button', { name: 'Calls' }).click();
    await page.waitForURL(/sort=calls/);
    await expect.poll(() => page.getByLabel('Rank by').inputValue()).toBe('calls');

    // A reversed period is refused in the page, before any request.
    await page.getByLabel('From').fill('2030-01-01');
    await visible(
      page.getByRole('alert').getByText('The end date must not be before the start date'),
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('fits a phone, and asks a Super Admin to choose an organisation', async () => {
    const { page, errors } = await newPage(browser, server.url, PHONE);
    await signIn(page, ADMIN.email);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/leaderboard');
    await settled(page);
    await snap(page, 'leaderboard-375');
    await snapDark(page, 'leaderboard-375');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();

    const root = await newPage(browser, server.url);
    await signIn(root.page, ROOT.email, ROOT.password);
    await root.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await root.page.goto('/leaderboard');
    await root.page.waitForURL('**/leaderboard');
    await visible(root.page.getByText('Choose an organisation in the header'));
    await root.page.getByRole('combobox', { name: 'Organisation' }).click();
    await root.page.getByRole('option', { name: ORG, exact: true }).click();
    await rows(root.page).first().waitFor();
    expect(await rows(root.page).count()).toBe(2);
    await visible(rows(root.page).getByText(ADMIN.name));
    expect([...errors, ...root.errors]).toEqual([]);
    await root.context.close();
  });
});
