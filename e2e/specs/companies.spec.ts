import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { postApi, signinToken } from '../support/api.ts';
import { PHONE, launchBrowser, newPage, snap, snapDark } from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { PASSWORD, signIn, visible } from '../support/pages.ts';

const ROOT = { email: 'root@companies.test', password: PASSWORD };
const ADMIN = { name: 'Cora Admin', email: 'cora@companies.test' };

let server: RunningServer;
let browser: Browser;

const LEADS = [
  ['Acme Rockets', 'https://www.acme-rockets.test', 'Wile', 'wile@acme-rockets.test'],
  ['ACME Rockets', 'acme-rockets.test/about', 'Road', 'road@acme-rockets.test'],
  ['Globex Corp', '', 'Hank', 'hank@globex.test'],
  ['Initech', 'initech.test', 'Bill', 'bill@initech.test'],
] as const;

beforeAll(async () => {
  server = await startServer({
    env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
  });
  browser = await launchBrowser();
  const root = await signinToken(server, ROOT.email, ROOT.password);
  await postApi(
    server,
    '/api/auth/signup',
    { ...ADMIN, password: PASSWORD, role: 'Admin', organizationName: 'companies-e2e' },
    root,
  );
  const admin = await signinToken(server, ADMIN.email, PASSWORD);
  for (const [companyName, companySite, personFirstName, personEmail] of LEADS) {
    await postApi(
      server,
      '/api/leads',
      {
        companyName,
        companySite,
        personFirstName,
        personLastName: 'Contact',
        personEmail,
        source: 'Referral',
        phone: '+1 555 0100',
      },
      admin,
    );
  }
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const companyRows = (page: Page) =>
  page.getByRole('table', { name: 'Companies' }).locator('tbody tr');

describe('companies', () => {
  it('lists, searches and opens a company, and hands its contacts to a bulk email', async () => {
    const { page, errors } = await newPage(browser, server.url);
    await signIn(page, ADMIN.email);
    await page.getByRole('link', { name: 'Companies' }).click();
    await page.waitForURL('**/companies');
    await companyRows(page).first().waitFor();
    expect(await companyRows(page).count()).toBe(3);
    const acme = companyRows(page).filter({ hasText: 'acme-rockets.test' });
    expect(await acme.locator('td').nth(2).innerText()).toBe('2');
    await visible(acme.getByText(ADMIN.name));
    await visible(page.getByText('Showing 1–3 of 3 companies'));
    await snap(page, 'companies-1280');
    await snapDark(page, 'companies-1280');

    await page.getByRole('textbox', { name: 'Search companies' }).fill('globex');
    await page.waitForURL(/search=globex/);
    await expect.poll(() => companyRows(page).count()).toBe(1);
    await visible(companyRows(page).getByText('Globex Corp'));
    await page.getByRole('textbox', { name: 'Search companies' }).fill('');
    await expect.poll(() => companyRows(page).count()).toBe(3);

    await acme.getByRole('link').click();
    await page.waitForURL('**/companies/acme-rockets%2Etest');
    // A reload opens the same company (the dot in its key is encoded).
    await page.reload();
    const contacts = page.getByRole('table', { name: 'Contacts' });
    await visible(contacts.getByText('wile@acme-rockets.test'));
    await visible(contacts.getByText('road@acme-rockets.test'));
    await visible(
      page
        .getByRole('region', { name: 'Conversations' })
        .getByText(/^No emails with this company's contacts yet/),
    );
    const send = page.getByRole('button', { name: 'No leads selected' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Select all contacts' }).check();
    await snap(page, 'company-1280');
    await snapDark(page, 'company-1280');
    await page.getByRole('button', { name: 'Send Bulk Email' }).click();
    await page.waitForURL('**/send-bulk-email');
    await visible(page.getByText('2 recipients'));
    await visible(page.getByText(/Wile Contact, Road Contact|Road Contact, Wile Contact/));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opens a company known by its name, and fits a phone', async () => {
    const { page, errors } = await newPage(browser, server.url, PHONE);
    await signIn(page, ADMIN.email);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/companies');
    await companyRows(page).first().waitFor();
    await snap(page, 'companies-375');
    await snapDark(page, 'companies-375');
    await companyRows(page).filter({ hasText: 'Globex Corp' }).getByRole('link').click();
    await page.waitForURL('**/companies/name%3Aglobex%20corp');
    await visible(page.getByRole('table', { name: 'Contacts' }).getByText('hank@globex.test'));
    await snap(page, 'company-375');
    await snapDark(page, 'company-375');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.goto('/companies/unknown%2Etest');
    await visible(page.getByText('Company not found'));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
