import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { snap } from '../support/browser.ts';
import { openPhonePage, setUpDemoSession } from '../support/demo-session.ts';
import { hidden, toast, visible } from '../support/pages.ts';
import { bodyRows, signInDemo, tableWidths, waitForCaption } from '../support/leads-pages.ts';

let page: Page;
let errors: string[];
const session = setUpDemoSession((opened) => {
  ({ page, errors } = opened);
});

/** The headings of a table, in order. */
const headings = async (page: Page, table: string) =>
  (await page.locator(`table[aria-label="${table}"] > thead th`).allInnerTexts()).map((text) =>
    text.trim(),
  );

/** True when the element lies inside the table's visible box, left to right. */
const inView = async (page: Page, table: string, element: Locator) => {
  const box = await page.locator(`table[aria-label="${table}"]`).evaluate((node) => {
    const rect = node
      .closest('.mantine-TableScrollContainer-scrollContainer')!
      .getBoundingClientRect();
    return { left: rect.left, right: rect.right };
  });
  const own = (await element.boundingBox())!;
  return own.x >= box.left - 1 && own.x + own.width <= box.right + 1;
};

/** Scrolls a table's container sideways to its far end. */
const scrollToEnd = (page: Page, table: string) =>
  page.locator(`table[aria-label="${table}"]`).evaluate((node) => {
    const container = node.closest<HTMLElement>('.mantine-TableScrollContainer-scrollContainer')!;
    container.scrollLeft = container.scrollWidth;
    return container.scrollLeft;
  });

const chooser = (page: Page) => page.getByRole('dialog').filter({ hasText: 'always stay in view' });

/**
 * Opens the chooser and waits until it stays open: twice in nine runs it closed again just
 * after opening on a freshly loaded page (not explained yet; see the closing note).
 */
const openChooser = async (page: Page) => {
  await expect
    .poll(async () => {
      if (!(await chooser(page).isVisible()))
        await page.getByRole('button', { name: 'Columns', exact: true }).click();
      await page.waitForTimeout(300);
      return chooser(page).isVisible();
    })
    .toBe(true);
  await visible(chooser(page).getByText('Contact Email'));
};

const closeChooser = async (page: Page) => {
  await page.keyboard.press('Escape');
  await hidden(chooser(page));
};

const bothSchemes = async (page: Page, name: string) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await snap(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await snap(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
};

describe('leads and client tables', () => {
  it('at 1280 px the default leads columns fit, and the row actions are in reach', async () => {
    await page.goto('/leads-table');
    await waitForCaption(page, (c) => c.total > 0);
    expect(await headings(page, 'Leads')).toEqual([
      '',
      'Contact Person',
      'Contact Email',
      'Company Info',
      'Status',
      'Actions',
    ]);
    expect((await tableWidths(page, 'Leads')).table).toBe(0);
    const row = bodyRows(page).first();
    for (const control of [
      row.getByRole('combobox', { name: /^Status of / }),
      row.getByRole('button', { name: /^Send email to |^View / }).first(),
      row.getByRole('button', { name: /^Delete / }),
    ])
      expect(await inView(page, 'Leads', control)).toBe(true);
    await bothSchemes(page, 'tables-leads-default-1280');
    expect(errors).toEqual([]);
  });

  it('the column chooser shows, hides and orders columns; name, status and actions stay in view', async () => {
    await page.goto('/leads-table');
    await waitForCaption(page, (c) => c.total > 0);
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await openChooser(page);
      await snap(page, `tables-column-chooser-1280-${scheme}`);
      if (scheme === 'dark') await closeChooser(page);
    }
    await chooser(page).getByRole('button', { name: 'Show all' }).click();
    await chooser(page).getByRole('button', { name: 'Move Lead Source up' }).click();
    await chooser(page).getByRole('checkbox', { name: 'Contact Email', exact: true }).uncheck();
    await closeChooser(page);
    const all = await headings(page, 'Leads');
    expect(all).toEqual([
      '',
      'Contact Person',
      'Company Info',
      'Industry',
      'Company Size',
      'Company Website',
      'Job Title',
      'Personal LinkedIn',
      'Lead Source',
      'Location',
      'Owner',
      'Phone',
      'Deal Value',
      'Expected Close',
      'Created Date',
      'Status',
      'Actions',
    ]);
    expect((await tableWidths(page, 'Leads')).table).toBeGreaterThan(1280);

    // Scrolled to the far end, the name, status and actions are still inside the visible box.
    expect(await scrollToEnd(page, 'Leads')).toBeGreaterThan(300);
    const row = bodyRows(page).nth(2);
    const name = row.locator('td').nth(1).getByRole('button');
    const status = row.getByRole('combobox', { name: /^Status of / });
    for (const control of [name, status, row.getByRole('button', { name: /^Delete / })])
      expect(await inView(page, 'Leads', control)).toBe(true);
    await bothSchemes(page, 'tables-all-columns-scrolled-1280');

    // Inline status edit from the scrolled row.
    const person = (await name.innerText()).trim();
    const before = await status.inputValue();
    const next = before === 'Qualified' ? 'Warm Lead' : 'Qualified';
    await status.selectOption(next);
    await toast(page, `Status of ${person.split(' ')[0]} updated to ${next}`);

    // The choice is kept for this user across reloads.
    await page.reload();
    await waitForCaption(page, (c) => c.total > 0);
    expect(await headings(page, 'Leads')).toEqual(all);

    // Another user on the same browser has their own choice (the defaults).
    const userId = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user')!).id as string,
    );
    expect(
      await page.evaluate((id) => localStorage.getItem(`leadline.columns.leads.${id}`), userId),
    ).toContain('industry');
    await page.evaluate(() => {
      localStorage.removeItem('token');
      localStorage.removeItem('user');
    });
    await signInDemo(page, 'manager@demo.leadline.test');
    await page.goto('/leads-table');
    await waitForCaption(page, (c) => c.total > 0);
    expect(await headings(page, 'Leads')).toHaveLength(6);
    await page.evaluate(() => {
      localStorage.removeItem('token');
      localStorage.removeItem('user');
    });
    await signInDemo(page);

    // Reset brings the default set back.
    await page.goto('/leads-table');
    await waitForCaption(page, (c) => c.total > 0);
    await openChooser(page);
    await chooser(page).getByRole('button', { name: 'Reset' }).click();
    await closeChooser(page);
    expect(await headings(page, 'Leads')).toHaveLength(6);
    expect(errors).toEqual([]);
  });

  it('the client table: default columns fit at 1280 px; all shown, company and actions stay', async () => {
    await page.goto('/all-clients');
    await waitForCaption(page, (c) => c.total > 0, 'Clients');
    expect((await tableWidths(page, 'Clients')).table).toBe(0);
    await bothSchemes(page, 'tables-clients-default-1280');
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    await chooser(page).getByRole('button', { name: 'Show all' }).click();
    await closeChooser(page);
    expect(await headings(page, 'Clients')).toEqual([
      '',
      'No',
      'Company Name',
      'Parent Company',
      'Website',
      'Email',
      'Contact',
      'PIC',
      'Company Category',
      'Full Address',
      'Action',
    ]);
    expect(await scrollToEnd(page, 'Clients')).toBeGreaterThan(100);
    const row = bodyRows(page, 'Clients').first();
    for (const control of [
      row.locator('td').nth(2),
      row.getByRole('button', { name: /^View / }),
      row.getByRole('button', { name: /^Edit / }),
      row.getByRole('button', { name: /^Delete / }),
    ])
      expect(await inView(page, 'Clients', control)).toBe(true);
    await bothSchemes(page, 'tables-clients-all-scrolled-1280');
    await row.getByRole('button', { name: /^Edit / }).click();
    await visible(page.getByRole('dialog').getByRole('button', { name: 'Save changes' }));
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  it('at 375 px leads and clients are cards with the same actions', async () => {
    const { phone, small, phoneErrors } = await openPhonePage(session);
    await small.goto('/leads-table');
    await waitForCaption(small, (c) => c.total > 0);
    const cards = small.locator('[data-lead-card]');
    expect(await cards.count()).toBe(10);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    const card = cards.first();
    for (const control of [
      card.getByRole('checkbox', { name: /^Select / }),
      card.getByRole('combobox', { name: /^Status of / }),
      card.getByRole('button', { name: /^View / }),
      card.getByRole('button', { name: /^Delete / }),
    ])
      await visible(control);
    await bothSchemes(small, 'tables-leads-cards-375');

    // Select all, then sort by company from the card list's own controls.
    await small.getByRole('checkbox', { name: 'Select all visible leads' }).check();
    await visible(small.getByText('10 selected'));
    await small.getByRole('button', { name: 'Clear selection' }).click();
    await small.getByLabel('Sort by').selectOption('companyName');
    await waitForCaption(small, () => small.url().includes('sort=companyName'));
    await card.getByRole('button', { name: /^Delete / }).click();
    await visible(
      small.getByRole('dialog').getByText('Are you sure you want to delete this lead?'),
    );
    await small.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await card.getByRole('button', { name: /^View / }).click();
    await visible(small.getByRole('dialog', { name: 'Lead details' }));

    await small.goto('/all-clients');
    await waitForCaption(small, (c) => c.total > 0, 'Clients');
    const clientCards = small.locator('[data-client-card]');
    expect(await clientCards.count()).toBe(10);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    for (const name of [/^View /, /^Edit /, /^Delete /])
      await visible(clientCards.first().getByRole('button', { name }));
    await bothSchemes(small, 'tables-clients-cards-375');
    await clientCards
      .first()
      .getByRole('button', { name: /^Edit / })
      .click();
    await visible(small.getByRole('dialog').getByRole('button', { name: 'Save changes' }));
    expect(phoneErrors).toEqual([]);
    await phone.close();
  });
});
