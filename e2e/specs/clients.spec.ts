import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/browser.ts';
import { openPhonePage, setUpDemoSession } from '../support/demo-session.ts';
import { startImport } from '../support/import-pages.ts';
import { hidden, toast, visible } from '../support/pages.ts';
import {
  bodyRows,
  columnTexts,
  confirmDialog,
  csvFile,
  expectAll,
  showAllColumns,
  waitForCaption,
} from '../support/leads-pages.ts';

let page: Page;
let errors: string[];
const session = setUpDemoSession((opened) => {
  ({ page, errors } = opened);
});

const TABLE = 'Clients';
const CLIENT = {
  company: 'Nimbus Cloud',
  email: 'ops@nimbus-cloud.test',
  contact: 'Nora Ines Bell',
};

const rows = () => bodyRows(page, TABLE);
const search = (text: string) =>
  page.getByRole('textbox', { name: 'Search clients', exact: true }).fill(text);
const clients = (check: Parameters<typeof waitForCaption>[1]) => waitForCaption(page, check, TABLE);

describe('clients in the browser', () => {
  it('adds a client: the errors first, then the toast, and it is listed', async () => {
    await page.goto('/all-clients');
    await visible(page.getByRole('heading', { name: 'Client Data' }));
    const all = await clients((c) => c.total === 200);
    expect(all).toMatchObject({ first: 1, last: 10 });
    await snap(page, 'clients-1280');

    await page.getByRole('link', { name: 'Add Client' }).click();
    await page.waitForURL('**/add-client');
    await visible(page.getByRole('heading', { name: 'Add New Client' }));
    await visible(page.getByText('Will be auto-generated'));
    await page.getByRole('button', { name: 'Add Client' }).click();
    for (const message of [
      'Company name is required',
      'Email is required',
      'Contact person is required',
      'Company category is required',
    ]) {
      await visible(page.getByText(message));
    }
    await snap(page, 'add-client-errors-1280');

    await page.getByLabel(/^Company Name/).fill(CLIENT.company);
    await hidden(page.getByText('Company name is required'));
    expect(await page.getByText('Email is required').isVisible()).toBe(true);
    await page.getByLabel('Website').fill('nimbus.test');
    await page.getByLabel(/^Email/).fill('not-an-email');
    await page.getByRole('button', { name: 'Add Client' }).click();
    await visible(page.getByText('Website must start with http:// or https://'));
    await visible(page.getByText('Email is invalid'));

    await page.getByLabel('Website').fill('https://nimbus.test');
    await page.getByLabel(/^Email/).fill(CLIENT.email);
    await page.getByLabel(/^Contact Person/).fill(CLIENT.contact);
    await visible(page.getByTestId('pic-preview').getByText('NIB'));
    await page.getByLabel(/^Company Category/).selectOption('Cloud Services');
    await page.getByLabel('Full Address').fill('1 Cloud Way\nSeattle');
    expect(await page.getByLabel('Full Address').getAttribute('rows')).toBe('3');
    await page.getByRole('button', { name: 'Add Client' }).click();
    await toast(page, 'Client added successfully!');
    await page.waitForURL('**/all-clients');

    await search('nimbus');
    await clients((c) => c.total === 1);
    await showAllColumns(page);
    const row = rows().first();
    await visible(row.getByText(CLIENT.company));
    await visible(row.getByText('NIB'));
    expect(await row.getByRole('link', { name: 'Visit' }).getAttribute('href')).toBe(
      'https://nimbus.test/',
    );
    expect(await row.getByRole('link', { name: CLIENT.email }).getAttribute('href')).toBe(
      `mailto:${CLIENT.email}`,
    );

    // The same email again: the server's 409 message.
    await page.goto('/add-client');
    await page.getByLabel(/^Company Name/).fill('Nimbus Again');
    await page.getByLabel(/^Email/).fill(CLIENT.email);
    await page.getByLabel(/^Contact Person/).fill('Someone Else');
    await page.getByLabel(/^Company Category/).selectOption('Technology');
    await page.getByRole('button', { name: 'Add Client' }).click();
    await visible(page.getByRole('alert').getByText('A client with this email already exists'));
    expect(errors).toEqual([]);
  });

  it('search, category filter and paging run on the server and live in the URL', async () => {
    await page.goto('/all-clients');
    const all = await clients((c) => c.total === 201);
    await showAllColumns(page);

    await page.getByLabel('Category').selectOption('Technology');
    const tech = await clients((c) => c.total < all.total);
    expectAll(await columnTexts(page, 9, TABLE), (t) => t.trim() === 'Technology', 'category');
    expect(page.url()).toContain('category=Technology');
    await page.reload();
    await clients((c) => c.total === tech.total);
    expect(await page.getByLabel('Category').inputValue()).toBe('Technology');
    await snap(page, 'clients-filtered-1280');

    await page.getByLabel('Category').selectOption({ label: 'Filter' });
    await clients((c) => c.total === all.total);
    await page.getByRole('button', { name: 'Next' }).click();
    await clients((c) => c.first === 11 && c.last === 20);
    await visible(page.getByText('Page 2 of 21'));
    expect((await columnTexts(page, 2, TABLE))[0]?.trim()).toBe('11');
    expect(page.url()).toContain('page=2');

    await search('no-such-client-anywhere');
    await clients((c) => c.total === 0);
    await visible(page.getByText('No clients found'));
    await visible(page.getByText('Try adjusting your search or filter criteria'));
    expect(page.url()).not.toContain('page=2');
    await search('');
    await clients((c) => c.total === all.total);
    expect(errors).toEqual([]);
  });

  it('views, edits and deletes a client', async () => {
    await page.goto('/all-clients?search=nimbus');
    await clients((c) => c.total === 1);
    await page.getByRole('button', { name: `View ${CLIENT.company}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Client details' });
    await visible(drawer.getByText(CLIENT.email));
    await visible(drawer.getByText('NIB'));
    expect(page.url()).toContain('client=');
    await page.waitForTimeout(400); // the drawer's slide-in
    await snap(page, 'client-drawer-1280');

    await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
    const modal = page.getByRole('dialog', { name: `Edit ${CLIENT.company}` });
    await modal.getByLabel(/^Contact Person/).fill('Tom Ray');
    await modal.getByLabel('Website').fill('ftp://nimbus.test');
    await modal.getByRole('button', { name: 'Save changes' }).click();
    await visible(modal.getByText('Website must start with http:// or https://'));
    await modal.getByLabel('Website').fill('https://nimbus.test');
    await snap(page, 'client-edit-1280');
    await modal.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Client updated successfully');
    await hidden(modal);
    await visible(drawer.getByText('Tom Ray'));
    await page.getByRole('button', { name: 'Close client details' }).click();
    await hidden(drawer);
    await visible(rows().first().getByText('TR', { exact: true }));

    await rows()
      .first()
      .getByRole('button', { name: `Delete ${CLIENT.company}` })
      .click();
    await confirmDialog(page, `Are you sure you want to delete ${CLIENT.company}?`);
    await toast(page, 'Client deleted successfully');
    await clients((c) => c.total === 0);
    await visible(page.getByText('No clients found'));
    expect(errors).toEqual([]);
  });

  it('uploads clients from a CSV with a progress summary', async () => {
    await page.goto('/all-clients');
    await clients((c) => c.total > 0);
    await page.locator('input[aria-label="Clients file to upload"]').setInputFiles(
      csvFile('clients.csv', [
        [
          'Company Name',
          'Parent Company',
          'Website',
          'Email',
          'Contact Person',
          'Category',
          'Address',
        ],
        [
          'Orbit Freight',
          '',
          'https://orbit.test',
          'hello@orbit.test',
          'Olga Ortiz',
          'Automotive',
          'Dock 4',
        ],
        ['Missing Email Ltd', '', '', '', 'Nobody', 'Retail', ''],
      ]),
    );
    await startImport(page, 'clients');
    const dialog = page.getByRole('dialog', { name: 'Uploading clients' });
    await visible(dialog.getByText('Import finished'), 30_000);
    await visible(dialog.getByText(/^Row 3: /));
    expect(await dialog.innerText()).toContain('2 rows: 1 added, 1 with errors');
    await toast(page, '2 rows: 1 added, 1 with errors');
    await snap(page, 'clients-upload-summary-1280');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await search('orbit freight');
    await clients((c) => c.total === 1);
    await visible(rows().first().getByText('OO', { exact: true }));
    expect(errors).toEqual([]);
  });

  it('works at 375 px: the clients are cards', async () => {
    const { phone, small, phoneErrors } = await openPhonePage(session);
    await small.goto('/all-clients');
    await waitForCaption(small, (c) => c.total > 0, TABLE);
    expect(await small.locator('[data-client-card]').count()).toBe(10);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await snap(small, 'clients-375');
    await small.goto('/add-client');
    await small.getByRole('button', { name: 'Add Client' }).click();
    await visible(small.getByText('Company name is required'));
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await snap(small, 'add-client-375');
    await small.getByRole('button', { name: 'Back to clients' }).click();
    await small.waitForURL('**/all-clients');
    expect(phoneErrors).toEqual([]);
    await phone.close();
  });
});
