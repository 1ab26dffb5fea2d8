import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PHONE, launchBrowser, newPage, snap } from '../support/browser.ts';
import { postApi, signinToken } from '../support/api.ts';
import { DEMO_PASSWORD, signInDemo, waitForCaption } from '../support/leads-pages.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { PASSWORD, PASSWORD_LABEL, visible } from '../support/pages.ts';

const DEMO_SUPER_ADMIN = 'superadmin@demo.leadline.test';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Screenshots of the header and the page in light and dark. */
const snapBoth = async (page: Page, name: string) => {
  await snap(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await snap(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
};

const switcher = (page: Page) => page.getByRole('combobox', { name: 'Organisation' });

describe('a first run', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('goes from the first-administrator form to a created lead without a dead end', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await page.goto('/');
    await page.waitForURL('**/login');
    await visible(page.getByText('Create the first administrator'));
    await page.getByLabel(/^Company name/).fill('Northwind Traders');
    await page.getByLabel('Full name').fill('Nora North');
    await page.getByLabel('Email address').fill('nora@northwind.test');
    await page.getByLabel(PASSWORD_LABEL).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await page.waitForURL(`${server.url}/`);

    // The only organisation is chosen by itself; the dashboard says what to do first.
    expect(await switcher(page).inputValue()).toBe('northwind-traders');
    const panel = page.getByRole('region', { name: 'Getting started' });
    await visible(panel.getByText('0 of 3 done for northwind-traders'));
    await snapBoth(page, 'getting-started-1280');

    await panel.getByRole('link', { name: 'Import leads' }).click();
    await page.waitForURL('**/leads-table');
    await page.getByRole('link', { name: 'Create Lead' }).click();
    await page.getByLabel(/^Company Name/).fill('Contoso');
    await page.getByLabel(/^Person First Name/).fill('Carla');
    await page.getByLabel(/^Person Last Name/).fill('Contoso');
    await page.getByLabel(/^Person Email/).fill('carla@contoso.test');
    await page.getByLabel(/^Source/).selectOption('Referral');
    await page.getByRole('button', { name: 'Create Lead' }).click();
    await visible(page.getByText('Lead created successfully!'));
    await page.waitForURL('**/leads-table');
    await waitForCaption(page, (caption) => caption.total === 1);

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await visible(page.getByText('1 of 3 done for northwind-traders'));
    await page.getByRole('button', { name: 'Dismiss getting started' }).click();
    await page.reload();
    await visible(page.getByText('Dashboard Overview'));
    expect(await page.getByRole('region', { name: 'Getting started' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a Super Admin with the demo data', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ args: ['--demo'] });
    // A second organisation, so there is something to switch between.
    const root = await signinToken(server, DEMO_SUPER_ADMIN, DEMO_PASSWORD);
    await postApi(
      server,
      '/api/auth/signup',
      {
        name: 'Greta Globex',
        email: 'greta@globex.test',
        password: PASSWORD,
        role: 'Admin',
        organizationName: 'Zürich Globex',
      },
      root,
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  const choose = async (page: Page, name: string) => {
    await switcher(page).click();
    await page.getByRole('option', { name, exact: true }).click();
  };

  it('switches organisation in the header and sees its leads', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await signInDemo(page, DEMO_SUPER_ADMIN);
    await page.goto('/leads-table');
    expect(await switcher(page).inputValue()).toBe('All organisations');
    await visible(page.getByText('Choose an organisation in the header to manage leads'));

    await choose(page, 'demo-company');
    const demo = await waitForCaption(page, (caption) => caption.total > 1000);
    await snapBoth(page, 'organization-switcher-1280');
    await switcher(page).click();
    await visible(page.getByRole('option', { name: 'zürich-globex' }));
    await snapBoth(page, 'organization-switcher-open-1280');
    await page.keyboard.press('Escape');

    await choose(page, 'zürich-globex');
    await visible(page.getByText('No leads found matching your criteria'));
    // Remembered across a reload.
    await page.reload();
    expect(await switcher(page).inputValue()).toBe('zürich-globex');
    await choose(page, 'demo-company');
    await waitForCaption(page, (caption) => caption.total === demo.total);
    expect(errors).toEqual([]);

    // At phone width the switcher stays in the header.
    const phone = await browser.newContext({
      baseURL: server.url,
      viewport: PHONE,
      storageState: await context.storageState(),
    });
    const small = await phone.newPage();
    await small.goto('/');
    await visible(switcher(small));
    expect(await switcher(small).inputValue()).toBe('demo-company');
    await visible(small.getByRole('region', { name: 'Getting started' }));
    await snapBoth(small, 'organization-switcher-375');
    await phone.close();
    await context.close();
  });
});
