import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, postApi, signinToken } from '../support/api.ts';
import { axeFindings, describeFinding } from '../support/axe.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, snap } from '../support/browser.ts';
import { DEMO_ADMIN, DEMO_PASSWORD, signInDemo } from '../support/leads-pages.ts';
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

/** At 375 px the list's first card shows a custom field chosen as a column, labelled. */
const expectOnFirstCard = async (page: Page, card: string, label: string, value: string) => {
  await page.setViewportSize(PHONE);
  const first = page.locator(`[${card}]`).first();
  await visible(first.getByText(label, { exact: true }));
  await visible(first.getByText(value, { exact: true }));
  await page.setViewportSize(DESKTOP);
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
    // The phone's card shows the chosen field, labelled.
    await expectOnFirstCard(page, 'data-lead-card', 'Seats', '42');
    await expectAccessible(page, 'custom-fields-leads-table');

    // The range filter and the sort reach the server too.
    const found = (await callApi(server, '/api/leads?custom.seats.min=40&sort=-custom.seats', {
      token,
    })) as unknown as { leads: { _id: string; custom: { seats: number } }[] };
    expect(found.leads.map((item) => item._id)).toEqual([lead._id]);
    expect(found.leads[0]!.custom.seats).toBe(42);
    expect(rep.errors).toEqual([]);
  });

  it('the clients list filters and sorts by a client field, kept in a saved view', async () => {
    const { page } = admin;
    const token = await signinToken(server, DEMO_ADMIN, DEMO_PASSWORD);
    await postApi(
      server,
      '/api/custom-fields',
      {
        entity: 'client',
        label: 'Licences',
        type: 'number',
      },
      token,
    );
    const list = (await callApi(server, '/api/clients?limit=3', { token })) as unknown as {
      clients: { _id: string; companyName: string }[];
    };
    const [small, middle, big] = list.clients;
    for (const [client, licences] of [
      [small!, 5],
      [middle!, 50],
      [big!, 500],
    ] as const)
      await callApi(server, `/api/clients/${client._id}`, {
        method: 'PUT',
        token,
        body: { custom: { licences } },
      });

    await page.goto('/all-clients');
    await page.getByRole('button', { name: 'Custom filters' }).click();
    await page.getByLabel('Licences from').fill('10');
    await page.waitForURL(/custom\.licences\.min=10/);
    const table = page.getByRole('table', { name: 'Clients' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    await visible(page.getByRole('button', { name: 'Custom filters (1)' }));

    // The column, and its heading sorts: up, then down.
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Licences' }).check();
    await page.keyboard.press('Escape');
    const firstCompany = () => table.locator('tbody tr').first().locator('td').nth(2).innerText();
    await table.getByRole('button', { name: 'Licences' }).click();
    await page.waitForURL(/sort=custom\.licences/);
    await expect.poll(firstCompany).toBe(middle!.companyName);
    await table.getByRole('button', { name: 'Licences' }).click();
    await page.waitForURL(/sort=-custom\.licences/);
    await expect.poll(firstCompany).toBe(big!.companyName);
    await visible(table.getByRole('cell', { name: '500', exact: true }));
    expect(
      await table.getByRole('columnheader', { name: 'Licences' }).getAttribute('aria-sort'),
    ).toBe('descending');

    // Saved as a view: its filters, sort and count.
    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Big accounts');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await toast(page, 'View “Big accounts” saved');
    const views = (await callApi(server, '/api/saved-views?entity=client', {
      token,
    })) as unknown as { views: { name: string; query: string; count: number | null }[] };
    const saved = views.views.find((view) => view.name === 'Big accounts')!;
    expect(saved.query).toContain('custom.licences.min=10');
    expect(saved.query).toContain('sort=-custom.licences');
    expect(saved.count).toBe(2);

    // The phone's cards show the chosen field, labelled; cards never overlap.
    await expectOnFirstCard(page, 'data-client-card', 'Licences', '500');
    // The phone's sort choice: newest first, or the field and its direction.
    await page.setViewportSize(PHONE);
    const sortBy = page.getByRole('combobox', { name: 'Sort by' });
    expect(await sortBy.inputValue()).toBe('custom.licences');
    await page.getByRole('button', { name: 'Sorted descending' }).click();
    await page.waitForURL(/sort=custom\.licences/);
    await expect
      .poll(() => page.locator('[data-client-card]').first().innerText())
      .toContain(middle!.companyName);
    await sortBy.selectOption('');
    await page.waitForURL((url) => !url.search.includes('sort='));
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, 'custom-fields-clients');
    expect(admin.errors).toEqual([]);
  });
});
