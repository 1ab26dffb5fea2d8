import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeFindings, describeFinding } from '../support/axe.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, snap, snapDark } from '../support/browser.ts';
import { signInDemo } from '../support/leads-pages.ts';
import { pickOption, toast, visible } from '../support/pages.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  browser = await launchBrowser();
  ({ context, page, errors } = await newPage(browser, server.url, DESKTOP, { axe: true }));
  await signInDemo(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const STAGES = ['Meeting booked', 'Proposal', 'Won', 'Lost'];

const stageColumn = (p: Page, name: string) => p.locator(`section[data-stage="${name}"]`);
const countIn = async (p: Page, name: string) =>
  Number(
    ((await stageColumn(p, name).getByTestId('column-count').textContent()) ?? '').replace(
      /\D/g,
      '',
    ),
  );
const stageNames = (p: Page) =>
  p
    .locator('section[data-stage]')
    .evaluateAll((sections) => sections.map((section) => section.getAttribute('data-stage')));

const api = async (path: string, init: { method?: string; data?: unknown } = {}) => {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const response = await page.request.fetch(path, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}` },
    ...(init.data === undefined ? {} : { data: init.data }),
  });
  expect(response.ok(), `${init.method ?? 'GET'} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
};

/** No serious or critical axe finding, light and dark. */
const expectAccessible = async (p: Page, where: string) => {
  for (const scheme of ['light', 'dark'] as const) {
    await p.emulateMedia({ colorScheme: scheme });
    await p.waitForTimeout(200);
    const findings = (await axeFindings(p)).map((finding) =>
      describeFinding(`${where} ${scheme}`, finding),
    );
    expect(findings).toEqual([]);
  }
  await p.emulateMedia({ colorScheme: 'light' });
};

const openBoard = async (p: Page) => {
  await p.goto('/pipeline');
  await visible(stageColumn(p, 'Won').locator('[data-lead-id]').first(), 30_000);
};

describe('deal stages', () => {
  it('shows the stage columns after the statuses, with their totals', async () => {
    await openBoard(page);
    expect(await stageNames(page)).toEqual(STAGES);
    const board = (await api('/api/pipeline')) as {
      columns: { name: string; stage: unknown; count: number; weightedValue: number }[];
    };
    const stages = board.columns.filter((column) => column.stage !== null);
    expect(stages.map((column) => column.name)).toEqual(STAGES);
    for (const { name, count } of stages) expect(await countIn(page, name), name).toBe(count);
    // The status columns come first.
    const order = await page
      .locator('section[aria-labelledby]')
      .evaluateAll((sections) =>
        sections.map((s) => s.getAttribute('data-status') ?? s.getAttribute('data-stage')),
      );
    expect(order).toEqual(['Cold Lead', 'Warm Lead', 'Hot Lead', 'Qualified', ...STAGES]);
    await expect
      .poll(() => stageColumn(page, 'Proposal').getByTestId('column-weighted').textContent())
      .toMatch(/weighted \(80%\)$/);
    await expectAccessible(page, 'board 1280');
    await snap(page, 'stages-board-1280');
    await snapDark(page, 'stages-board-1280');
    expect(errors).toEqual([]);
  });

  it('asks the reason when a card moves into a lost stage', async () => {
    await openBoard(page);
    const item = stageColumn(page, 'Proposal').locator('[data-lead-id]').first();
    const id = (await item.getAttribute('data-lead-id'))!;
    const lost = await countIn(page, 'Lost');
    await item.getByRole('button', { name: /to another column/ }).click();
    await page.getByRole('menuitem', { name: 'Lost', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Why was the deal lost?' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Mark as lost' }).click();
    await visible(dialog.getByText('Please give a reason the deal was lost'));
    await expectAccessible(page, 'lost reason 1280');
    await snap(page, 'stages-lost-reason-1280');
    await dialog.getByLabel(/^Reason/).fill('Went with a cheaper tool');
    await dialog.getByRole('button', { name: 'Mark as lost' }).click();
    await visible(stageColumn(page, 'Lost').locator(`[data-lead-id="${id}"]`));
    expect(await countIn(page, 'Lost')).toBe(lost + 1);
    await expect
      .poll(async () => (await api(`/api/leads/${id}`)).lostReason)
      .toBe('Went with a cheaper tool');
    // Cancelling leaves the card where it was.
    const other = stageColumn(page, 'Proposal').locator('[data-lead-id]').first();
    const otherId = (await other.getAttribute('data-lead-id'))!;
    await other.getByRole('button', { name: /to another column/ }).click();
    await page.getByRole('menuitem', { name: 'Lost', exact: true }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await visible(stageColumn(page, 'Proposal').locator(`[data-lead-id="${otherId}"]`));
    expect((await api(`/api/leads/${otherId}`)).stageId).not.toBeNull();
  });

  it('moves a card into a stage and back to a status column', async () => {
    await openBoard(page);
    const item = page.locator('section[data-status="Qualified"] [data-lead-id]').first();
    const id = (await item.getAttribute('data-lead-id'))!;
    const meeting = await countIn(page, 'Meeting booked');
    await item.getByRole('button', { name: /to another column/ }).click();
    await page.getByRole('menuitem', { name: 'Meeting booked', exact: true }).click();
    await visible(stageColumn(page, 'Meeting booked').locator(`[data-lead-id="${id}"]`));
    expect(await countIn(page, 'Meeting booked')).toBe(meeting + 1);
    await visible(page.getByRole('status').filter({ hasText: /to Meeting booked$/ }));
    const moved = stageColumn(page, 'Meeting booked').locator(`[data-lead-id="${id}"]`);
    await moved.getByRole('button', { name: /to another column/ }).click();
    await page.getByRole('menuitem', { name: 'Hot Lead', exact: true }).click();
    await visible(page.locator(`section[data-status="Hot Lead"] [data-lead-id="${id}"]`));
    await expect.poll(async () => (await api(`/api/leads/${id}`)).stageId).toBeNull();
    expect((await api(`/api/leads/${id}`)).status).toBe('Hot Lead');
  });

  it("shows and changes a lead's stage in the drawer", async () => {
    await openBoard(page);
    const item = stageColumn(page, 'Won').locator('[data-lead-id]').first();
    const id = (await item.getAttribute('data-lead-id'))!;
    await item.locator('button').first().click();
    await page.waitForURL(/lead=/);
    const drawer = page.getByRole('dialog');
    const section = drawer.getByTestId('lead-stage');
    await section.scrollIntoViewIfNeeded();
    await visible(section.getByText('Won', { exact: true }));
    await pickOption(section, 'Move to stage', 'Proposal');
    await toast(page, 'Deal moved to Proposal');
    await expect.poll(async () => (await api(`/api/leads/${id}`)).stageId).not.toBeNull();
    const stages = (await api('/api/stages')).stages as { _id: string; name: string }[];
    expect((await api(`/api/leads/${id}`)).stageId).toBe(
      stages.find((s) => s.name === 'Proposal')!._id,
    );
    await expectAccessible(page, 'drawer 1280');
    await snap(page, 'stages-drawer-1280');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.search.includes('lead='));
  });

  it("edits a lost deal's reason in the drawer, at 1280 and 375", async () => {
    await openBoard(page);
    const item = stageColumn(page, 'Lost').locator('[data-lead-id]').first();
    const id = (await item.getAttribute('data-lead-id'))!;
    await item.locator('button').first().click();
    await page.waitForURL(/lead=/);
    const section = page.getByTestId('lead-stage');
    await section.scrollIntoViewIfNeeded();
    await visible(section.getByText('Lost because:'));
    await section.getByRole('button', { name: 'Edit the lost reason' }).click();
    const dialog = page.getByRole('dialog', { name: 'Why was the deal lost?' });
    await visible(dialog.getByRole('button', { name: 'Save reason' }));
    await dialog.getByLabel(/^Reason/).fill('Chose to build it in-house');
    await expectAccessible(page, 'lost reason edit 1280');
    await snap(page, 'stages-lost-reason-edit-1280');
    await page.setViewportSize(PHONE);
    await expectAccessible(page, 'lost reason edit 375');
    await snap(page, 'stages-lost-reason-edit-375');
    await snapDark(page, 'stages-lost-reason-edit-375');
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Save reason' }).click();
    await toast(page, 'Lost reason saved');
    await visible(section.getByText('Chose to build it in-house'));
    expect((await api(`/api/leads/${id}`)).lostReason).toBe('Chose to build it in-house');
    const history = (await api(`/api/leads/${id}/activity`)) as unknown as { details: string }[];
    expect(history[0]!.details).toMatch(/^Lost reason of .+ -> Chose to build it in-house$/);
    await snap(page, 'stages-lost-reason-edited-1280');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.search.includes('lead='));
  });

  it('lets the Admin add, reorder and delete stages from the board', async () => {
    await openBoard(page);
    await page.getByRole('button', { name: 'Deal stages' }).click();
    const editor = page.getByRole('dialog', { name: 'Deal stages' });
    await visible(editor.getByTestId('stage-row').first());
    await expectAccessible(page, 'stage editor 1280');
    await snap(page, 'stages-editor-1280');
    await snapDark(page, 'stages-editor-1280');
    await editor.getByLabel('New stage').fill('Negotiation');
    await editor.getByRole('button', { name: 'Add stage' }).click();
    await toast(page, 'Stage Negotiation added');
    await visible(editor.locator('[data-stage="Negotiation"]'));
    const up = editor.getByRole('button', { name: 'Move Negotiation up' });
    await expect.poll(() => up.isEnabled()).toBe(true);
    await up.click();
    await expect
      .poll(() => stageNames(page), { timeout: 15_000 })
      .toEqual(['Meeting booked', 'Proposal', 'Won', 'Negotiation', 'Lost']);
    await editor.getByLabel('Probability of Negotiation').fill('90');
    await editor.getByLabel('Name of Negotiation').focus();
    await expect
      .poll(async () =>
        ((await api('/api/stages')).stages as { name: string; probability: number }[]).find(
          (s) => s.name === 'Negotiation',
        ),
      )
      .toMatchObject({ probability: 90 });
    // A stage with deals asks where they go.
    await editor.getByRole('button', { name: 'Delete Meeting booked' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Meeting booked?' });
    await visible(confirm.getByText(/deals? (is|are) in this stage/));
    await pickOption(confirm, 'Move the deals to', 'Negotiation');
    const inMeeting = await countIn(page, 'Meeting booked');
    const inNegotiation = await countIn(page, 'Negotiation');
    await confirm.getByRole('button', { name: 'Delete stage' }).click();
    await toast(page, 'Stage Meeting booked deleted');
    await expect
      .poll(() => stageNames(page), { timeout: 15_000 })
      .toEqual(['Proposal', 'Won', 'Negotiation', 'Lost']);
    await expect.poll(() => countIn(page, 'Negotiation')).toBe(inNegotiation + inMeeting);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  it('shows deals won, the win rate and days per stage in Reports, deals won on the Leaderboard', async () => {
    await page.goto('/reports');
    const deals = page.getByRole('region', { name: 'Deals' });
    await visible(deals.getByTestId('figure-Deals won'), 30_000);
    const report = (await api('/api/reports')) as {
      deals: { won: number; winRate: number | null };
    };
    expect(report.deals.won).toBeGreaterThan(0);
    expect(await deals.getByTestId('figure-Deals won').textContent()).toBe(
      report.deals.won.toLocaleString('en-US'),
    );
    expect(await deals.getByTestId('figure-Win rate').textContent()).toBe(
      `${report.deals.winRate}%`,
    );
    await visible(deals.getByRole('table', { name: 'Average days per stage' }));
    await deals.scrollIntoViewIfNeeded();
    await snap(page, 'stages-reports-1280');
    await page.goto('/leaderboard');
    await visible(page.getByRole('button', { name: 'Deals won' }), 30_000);
    await page.getByRole('button', { name: 'Value won' }).click();
    await page.waitForURL(/sort=valueWon/);
    await snap(page, 'stages-leaderboard-1280');
  });

  it('works at 375 px: the board, the editor and the reason, light and dark', async () => {
    const phone = await browser.newContext({
      baseURL: server.url,
      viewport: PHONE,
      bypassCSP: true,
      storageState: await context.storageState(),
    });
    const small = await phone.newPage();
    try {
      await openBoard(small);
      await expectAccessible(small, 'board 375');
      await snap(small, 'stages-board-375');
      await snapDark(small, 'stages-board-375');
      await small.getByRole('button', { name: 'Deal stages' }).click();
      await visible(
        small.getByRole('dialog', { name: 'Deal stages' }).getByTestId('stage-row').first(),
      );
      await expectAccessible(small, 'stage editor 375');
      await snap(small, 'stages-editor-375');
      await snapDark(small, 'stages-editor-375');
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      await small.getByRole('button', { name: 'Done' }).click();
      const item = stageColumn(small, 'Proposal').locator('[data-lead-id]').first();
      await item.scrollIntoViewIfNeeded();
      await item.getByRole('button', { name: /to another column/ }).click();
      await small.getByRole('menuitem', { name: 'Lost', exact: true }).click();
      await visible(small.getByRole('dialog', { name: 'Why was the deal lost?' }));
      await expectAccessible(small, 'lost reason 375');
      await snap(small, 'stages-lost-reason-375');
      await snapDark(small, 'stages-lost-reason-375');
    } finally {
      await phone.close();
    }
  });
});
