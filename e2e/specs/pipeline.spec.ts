import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { setUpDemoSession, openPhonePage } from '../support/demo-session.ts';
import { snap, snapDark } from '../support/browser.ts';
import { sidebarLinks, toast, visible } from '../support/pages.ts';

const session = setUpDemoSession(() => undefined);

const ORDER = ['Cold Lead', 'Warm Lead', 'Hot Lead', 'Qualified'];

const column = (page: Page, status: string) => page.locator(`section[data-status="${status}"]`);
const countOf = async (page: Page, status: string) =>
  Number(
    ((await column(page, status).getByTestId('column-count').textContent()) ?? '').replace(
      /\D/g,
      '',
    ),
  );
const card = (page: Page, id: string) => page.locator(`[data-lead-id="${id}"]`);
const firstCardId = async (page: Page, status: string) =>
  (await column(page, status).locator('[data-lead-id]').first().getAttribute('data-lead-id'))!;

const token = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));
const api = async (page: Page, path: string, method = 'GET') => {
  const response = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${await token(page)}` },
  });
  expect(response.ok(), `${method} ${path}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
};
const statusOf = async (page: Page, id: string) =>
  (await api(page, `/api/leads/${id}`)).status as string;

const openBoard = async (page: Page, query = '') => {
  await page.goto(`/pipeline${query}`);
  await visible(column(page, 'Qualified').locator('[data-lead-id]').first(), 30_000);
};

/** Presses ArrowDown in the open menu until the item `name` has the focus, then Enter. */
const chooseWithKeyboard = async (page: Page, name: string) => {
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    if (focused === name) return page.keyboard.press('Enter');
  }
  throw new Error(`no menu item ${name} took the focus`);
};

const moveWithKeyboard = async (page: Page, item: Locator, status: string) => {
  await item.getByRole('button', { name: /to another column/ }).focus();
  await page.keyboard.press('Enter');
  await visible(page.getByRole('menu'));
  await chooseWithKeyboard(page, status);
};

describe('pipeline board', () => {
  it('shows one column per status in pipeline order with the API totals', async () => {
    const { page, errors } = session;
    expect(await sidebarLinks(page)).toContain('Pipeline');
    await openBoard(page);
    const statuses = await page
      .locator('section[data-status]')
      .evaluateAll((sections) => sections.map((section) => section.getAttribute('data-status')));
    expect(statuses).toEqual(ORDER);
    const board = (await api(page, '/api/pipeline')) as {
      columns: { status: string | null; count: number; leads: unknown[] }[];
    };
    // The status columns (the deal stages' columns after them: stages.spec.ts).
    for (const { status, count, leads } of board.columns.flatMap((c) =>
      c.status === null ? [] : [{ ...c, status: c.status }],
    )) {
      expect(await countOf(page, status), status).toBe(count);
      expect(await column(page, status).locator('[data-lead-id]').count()).toBe(leads.length);
    }
    await snap(page, 'pipeline-1280');
    await snapDark(page, 'pipeline-1280');
    expect(errors).toEqual([]);
  });

  it('loads more cards when a column is scrolled to its end', async () => {
    const { page } = session;
    await openBoard(page);
    const cold = column(page, 'Cold Lead');
    expect(await cold.locator('[data-lead-id]').count()).toBe(50);
    await cold.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('section[data-status="Cold Lead"] [data-lead-id]').length > 50,
    );
    const ids = await cold
      .locator('[data-lead-id]')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-lead-id')));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('moves a card by dragging it, saved at once and still there after a reload', async () => {
    const { page } = session;
    await openBoard(page);
    const id = await firstCardId(page, 'Cold Lead');
    const [cold, warm] = [await countOf(page, 'Cold Lead'), await countOf(page, 'Warm Lead')];
    // Dropped on the column's header, which is in view whatever the column's length.
    await card(page, id).dragTo(column(page, 'Warm Lead'), { targetPosition: { x: 40, y: 20 } });
    await visible(column(page, 'Warm Lead').locator(`[data-lead-id="${id}"]`));
    expect(await countOf(page, 'Cold Lead')).toBe(cold - 1);
    expect(await countOf(page, 'Warm Lead')).toBe(warm + 1);
    await expect.poll(() => statusOf(page, id)).toBe('Warm Lead');
    await page.reload();
    await visible(column(page, 'Warm Lead').locator(`[data-lead-id="${id}"]`), 30_000);
    expect(await countOf(page, 'Warm Lead')).toBe(warm + 1);
  });

  it('moves a card with the keyboard and says so to screen readers', async () => {
    const { page } = session;
    await openBoard(page);
    const id = await firstCardId(page, 'Warm Lead');
    const hot = await countOf(page, 'Hot Lead');
    await moveWithKeyboard(page, card(page, id), 'Hot Lead');
    await visible(column(page, 'Hot Lead').locator(`[data-lead-id="${id}"]`));
    await visible(page.getByRole('status').filter({ hasText: /^Moved .+ to Hot Lead$/ }));
    expect(await countOf(page, 'Hot Lead')).toBe(hot + 1);
    await expect.poll(() => statusOf(page, id)).toBe('Hot Lead');
  });

  it('puts a refused move back with a message', async () => {
    const { page } = session;
    await openBoard(page);
    const id = await firstCardId(page, 'Qualified');
    const [qualified, cold] = [await countOf(page, 'Qualified'), await countOf(page, 'Cold Lead')];
    // Deleted in another request: the server refuses the move.
    await api(page, `/api/leads/${id}`, 'DELETE');
    await moveWithKeyboard(page, card(page, id), 'Cold Lead');
    await toast(page, /Could not move .+ to Cold Lead: Lead not found/);
    await visible(column(page, 'Qualified').locator(`[data-lead-id="${id}"]`));
    expect(await column(page, 'Cold Lead').locator(`[data-lead-id="${id}"]`).count()).toBe(0);
    expect(await countOf(page, 'Qualified')).toBe(qualified);
    expect(await countOf(page, 'Cold Lead')).toBe(cold);
  });

  it("opens a card's lead in the drawer", async () => {
    const { page } = session;
    await openBoard(page);
    const first = column(page, 'Hot Lead').locator('[data-lead-id]').first();
    const company = (await first.locator('button').first().textContent())!.trim();
    await first.getByRole('button', { name: company }).click();
    await page.waitForURL(/lead=/);
    await visible(page.getByRole('dialog').getByText(company).first());
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.search.includes('lead='));
  });

  it("applies the leads table's filters, kept in the URL", async () => {
    const { page } = session;
    await openBoard(page, '?source=Referral');
    const board = (await api(page, '/api/pipeline?source=Referral')) as {
      columns: { status: string | null; count: number }[];
    };
    for (const { status, count } of board.columns)
      if (status !== null) expect(await countOf(page, status), status).toBe(count);
    await expect
      .poll(() => page.getByLabel('Source', { exact: true }).inputValue())
      .toBe('Referral');
    // The status filter shows its column alone.
    await page.getByLabel('Status', { exact: true }).selectOption('Hot Lead');
    await page.waitForURL(/status=Hot/);
    await expect.poll(() => page.locator('section[data-status]').count()).toBe(1);
  });

  it('scrolls sideways at 375 px, the page itself does not', async () => {
    const { phone, small, phoneErrors } = await openPhonePage(session);
    try {
      await openBoard(small);
      const board = small.getByRole('region', { name: 'Pipeline' });
      const widths = await board.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
      }));
      expect(widths.scroll).toBeGreaterThan(widths.client);
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      await snap(small, 'pipeline-375');
      await snapDark(small, 'pipeline-375');
      await board.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      // The last column (the last deal stage) scrolls fully into view.
      await expect
        .poll(() =>
          board
            .locator('section')
            .last()
            .evaluate((el) => el.getBoundingClientRect().right),
        )
        .toBeLessThanOrEqual(376);
      expect(phoneErrors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
