import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, signinToken } from '../support/api.ts';
import { axeFindings, describeFinding } from '../support/axe.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, snap } from '../support/browser.ts';
import { DEMO_PASSWORD, signInDemo } from '../support/leads-pages.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { pickOption, sidebarLinks, toast, visible } from '../support/pages.ts';

const REP = 'rep@demo.leadline.test';

let server: RunningServer;
let browser: Browser;
let admin: { context: BrowserContext; page: Page; errors: string[] };
let rep: { context: BrowserContext; page: Page; errors: string[] };

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  browser = await launchBrowser();
  admin = await newPage(browser, server.url, DESKTOP, { axe: true });
  await signInDemo(admin.page);
  rep = await newPage(browser, server.url, DESKTOP, { axe: true });
  await signInDemo(rep.page, REP);
});
afterAll(async () => {
  await admin?.context.close();
  await rep?.context.close();
  await browser?.close();
  await server?.stop();
});

/** axe-core at 1280 and 375 px, light and dark: no serious or critical finding. */
const expectAccessible = async (page: Page, name: string) => {
  // The toasts of what was just saved cover the header for a few seconds: they go first.
  await expect
    .poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 15_000 })
    .toBe(0);
  const problems: string[] = [];
  for (const [width, viewport] of [
    ['1280', DESKTOP],
    ['375', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(600); // the scheme's colours settle (transitions)
      await snap(page, `${name}-${width}-${scheme}`);
      for (const finding of await axeFindings(page))
        problems.push(describeFinding(`${name} ${width} ${scheme}`, finding));
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(DESKTOP);
  expect(problems).toEqual([]);
};

describe('custom fields in the browser', () => {
  it('an admin adds a number and a single-choice field on the Custom Fields screen', async () => {
    const { page } = admin;
    expect(await sidebarLinks(page)).toContain('Custom Fields');
    await page.getByRole('link', { name: 'Custom Fields' }).click();
    await page.waitForURL('**/custom-fields');
    await visible(page.getByText(/No lead fields yet/));

    await page.getByRole('button', { name: 'Add field' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Label').fill('Seats');
    await pickOption(dialog, 'Type', 'Number');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await toast(page, 'Field Seats added');
    await visible(page.getByTestId('field-seats'));

    await page.getByRole('button', { name: 'Add field' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Label').fill('Plan');
    await pickOption(dialog, 'Type', 'Single choice');
    const choices = dialog.getByLabel('Choices');
    for (const choice of ['Pro', 'Team']) {
      await choices.fill(choice);
      await choices.press('Enter');
    }
    await snap(page, 'custom-fields-form-1280');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await toast(page, 'Field Plan added');
    await visible(page.getByTestId('field-plan'));
    await expectAccessible(page, 'custom-fields');
    expect(admin.errors).toEqual([]);
  });

  it('a rep fills them on a lead, filters the table by one and shows its column', async () => {
    const { page } = rep;
    // A rep does not manage fields.
    expect(await sidebarLinks(page)).not.toContain('Custom Fields');
    const token = await signinToken(server, REP, DEMO_PASSWORD);
    const mine = (await callApi(server, '/api/leads?owner=me&limit=10', { token })) as unknown as {
      leads: { _id: string; personFirstName: string; personLastName: string }[];
    };
    const lead = mine.leads[0]!;
    const name = `${lead.personFirstName} ${lead.personLastName}`;

    await page.goto(`/leads-table?lead=${lead._id}`);
    const drawer = page.getByRole('dialog');
    await visible(drawer.getByText('Custom fields', { exact: true }));
    await drawer.getByRole('button', { name: 'Edit custom fields' }).click();
    await drawer.getByLabel('Seats').fill('abc');
    await drawer.getByLabel('Seats').fill('42');
    // The list's Plan filter (behind the drawer) has the same choices: the drawer's list is picked.
    await drawer.getByLabel('Plan', { exact: true }).click();
    await page.getByRole('listbox', { name: 'Plan' }).getByRole('option', { name: 'Team' }).click();
    await snap(page, 'custom-fields-drawer-edit-1280');
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Custom fields saved');
    await visible(drawer.getByText('42', { exact: true }));
    await expectAccessible(page, 'custom-fields-drawer');
    await page.keyboard.press('Escape');

    // The history says what changed.
    const history = (await callApi(server, `/api/leads/${lead._id}/activity`, {
      token,
    })) as unknown as { details: string }[];
    expect(history[0]!.details).toContain('Plan: (empty) → Team');

    // Filter by the choice: only that lead is left.
    await page.goto('/leads-table');
    await page.getByLabel('Plan', { exact: true }).selectOption('Team');
    await page.waitForURL(/custom\.plan=Team/);
    const table = page.getByRole('table', { name: 'Leads' });
    await visible(table.getByText(name));
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);

    // The column chooser offers the fields; Seats shows the value.
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Seats' }).check();
    await page.keyboard.press('Escape');
    await visible(table.getByRole('columnheader', { name: 'Seats' }));
    await visible(table.getByRole('cell', { name: '42', exact: true }));
    await expectAccessible(page, 'custom-fields-leads-table');

    // The range filter and the sort reach the server too.
    const found = (await callApi(server, '/api/leads?custom.seats.min=40&sort=-custom.seats', {
      token,
    })) as unknown as { leads: { _id: string; custom: { seats: number } }[] };
    expect(found.leads.map((item) => item._id)).toEqual([lead._id]);
    expect(found.leads[0]!.custom.seats).toBe(42);
    expect(rep.errors).toEqual([]);
  });
});
