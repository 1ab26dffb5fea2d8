import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { PASSWORD_LABEL, visible } from './pages.ts';

/** The demo organisation's users (packages/server/src/seed/demo.ts). */
export const DEMO_ADMIN = 'admin@demo.leadline.test';
export const DEMO_PASSWORD = 'demo-password';

/**
 * Signs in once the app has mounted: /login is served prerendered, and what is typed into the
 * static form before React replaces it would be lost.
 */
export const signInDemo = async (page: Page, email = DEMO_ADMIN) => {
  await page.goto('/login');
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
    },
    undefined,
    { timeout: 30_000 },
  );
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel(PASSWORD_LABEL).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
};

export type Caption = { first: number; last: number; total: number };

const number = (text: string) => Number(text.replace(/,/g, ''));

/** 'Showing X–Y of N leads' (or 'results') read into numbers. */
export const parseCaption = (text: string): Caption => {
  const match = /Showing ([\d,]+)–([\d,]+) of ([\d,]+) (leads|results)/.exec(text);
  if (!match) throw new Error(`not a caption: ${text}`);
  return { first: number(match[1]!), last: number(match[2]!), total: number(match[3]!) };
};

const captionLocator = (page: Page) => page.getByTestId('showing-caption');

/** Waits until the caption satisfies `check` with fresh data, and answers it. */
export const waitForCaption = async (
  page: Page,
  check: (caption: Caption) => boolean,
  table = 'Leads',
  timeout = 15_000,
): Promise<Caption> => {
  const deadline = Date.now() + timeout;
  let last = '';
  while (Date.now() < deadline) {
    // The table, or on narrow screens the card list: both carry aria-busy.
    const busy = await page.locator(`[aria-label="${table}"][aria-busy]`).getAttribute('aria-busy');
    last =
      (await captionLocator(page)
        .innerText()
        .catch(() => '')) ?? '';
    if (busy === 'false' && /Showing/.test(last)) {
      const value = parseCaption(last);
      if (check(value)) return value;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`caption never matched; last was "${last}"`);
};

/** The body rows of a table (named by its aria-label). */
export const bodyRows = (page: Page, table = 'Leads') =>
  page.locator(`table[aria-label="${table}"] > tbody > tr:not([data-spacer])`);

/** The text of one column (1-based, counting the checkbox) in every visible row. */
export const columnTexts = async (page: Page, column: number, table = 'Leads') =>
  bodyRows(page, table).locator(`td:nth-child(${column})`).allInnerTexts();

/** Shows every column of a table through its column chooser (saved for the signed-in user). */
export const showAllColumns = async (page: Page) => {
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  const showAll = page.getByRole('button', { name: 'Show all', exact: true });
  await showAll.click();
  await page.keyboard.press('Escape');
  await showAll.waitFor({ state: 'hidden' });
};

/** Status select values of the visible lead rows. */
export const statusValues = async (page: Page) => {
  const selects = page.locator('table[aria-label="Leads"] select[aria-label^="Status of"]');
  const count = await selects.count();
  const values: string[] = [];
  for (let i = 0; i < count; i += 1) values.push(await selects.nth(i).inputValue());
  return values;
};

/** Confirms the open confirmation dialog after checking its text. */
export const confirmDialog = async (page: Page, text: string, button = 'Delete') => {
  const dialog = page.getByRole('dialog');
  await visible(dialog.getByText(text, { exact: true }));
  await dialog.getByRole('button', { name: button, exact: true }).click();
};

/** Every value in `values` satisfies `check` (with a readable failure). */
export const expectAll = (values: string[], check: (value: string) => boolean, what: string) => {
  const bad = values.filter((value) => !check(value));
  expect(bad, `${what}: ${bad.join(' | ')}`).toEqual([]);
  expect(values.length, `${what}: no rows`).toBeGreaterThan(0);
};

/** A small CSV file for the upload button. */
export const csvFile = (name: string, rows: string[][]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(
    rows.map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\n'),
  ),
});

/** How wide the page is, and how wide a table scrolls sideways (0 when it does not). */
export const tableWidths = (page: Page, table: string) =>
  page.evaluate((label) => {
    const scroller = document
      .querySelector(`table[aria-label="${label}"]`)!
      .closest<HTMLElement>('.mantine-TableScrollContainer-scrollContainer')!;
    return {
      page: document.documentElement.scrollWidth,
      table: scroller.scrollWidth > scroller.clientWidth ? scroller.scrollWidth : 0,
    };
  }, table);
