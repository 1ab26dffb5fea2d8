// Custom fields in the Leads import (issue 28): a column mapped to a custom field in the
// mapping step, its values checked in the preview and imported, then shown in the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { postApi, signinToken } from '../support/api.ts';
import { axeFindings, describeFinding } from '../support/axe.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, snap } from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { mappingStep } from '../support/import-pages.ts';
import { DEMO_ADMIN, DEMO_PASSWORD, csvFile, signInDemo } from '../support/leads-pages.ts';
import { visible } from '../support/pages.ts';

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

/** Screenshots and axe-core at 1280 and 375 px, light and dark: no serious or critical finding. */
const expectAccessible = async (name: string) => {
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

const FILE = [
  ['Company', 'First Name', 'Last Name', 'Email', 'Source', 'Licences', 'Plan'],
  ['Vandelay', 'Art', 'Vandelay', 'art@vandelay.test', 'Referral', '1.250', 'team'],
  ['Vandelay', 'Jörg', 'Müller', 'joerg@vandelay.test', 'Referral', '12', 'Team'],
  ['Vandelay', 'Kel', 'Varnsen', 'kel@vandelay.test', 'Referral', 'many', 'Pro'],
];

describe('custom fields in the Leads import', () => {
  it('maps a column to a custom field, reports the bad value and shows the imported ones', async () => {
    const token = await signinToken(server, DEMO_ADMIN, DEMO_PASSWORD);
    await postApi(
      server,
      '/api/custom-fields',
      { entity: 'lead', label: 'Seats', type: 'number' },
      token,
    );
    await postApi(
      server,
      '/api/custom-fields',
      { entity: 'lead', label: 'Plan', type: 'select', options: ['Pro', 'Team'] },
      token,
    );

    await page.goto('/leads-table');
    await visible(page.getByTestId('showing-caption'));
    await page
      .locator('input[aria-label="Leads file to upload"]')
      .setInputFiles(csvFile('seats.csv', FILE));
    const step = mappingStep(page, 'leads');
    await visible(step.getByText('seats.csv: about 3 rows'));
    // The header naming a field's label is matched to it; "Licences" is chosen by hand.
    expect(await step.getByLabel('Field for column Plan').inputValue()).toBe('custom.plan');
    expect(await step.getByLabel('Field for column Licences').inputValue()).toBe('');
    const licences = step.getByLabel('Field for column Licences');
    expect(
      await licences.locator('optgroup[label="Custom fields"] option').allInnerTexts(),
    ).toEqual(['Seats', 'Plan']);
    await licences.selectOption('custom.seats');
    expect(await step.getByTestId('import-preview-counts').innerText()).toBe(
      '2 ready, 0 with warnings, 1 with errors',
    );
    await visible(step.getByText('Error: Seats must be a number: "many"'));
    await expectAccessible('import-custom-mapping');

    await step.getByRole('button', { name: 'Start import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Uploading leads' });
    const summary = dialog.getByTestId('import-summary');
    await visible(summary, 30_000);
    expect(await summary.innerText()).toContain('3 rows: 2 added, 1 with errors');
    await visible(dialog.getByText('Row 4: Seats must be a number: "many"'));
    await snap(page, 'import-custom-summary-1280');
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    // The imported values, filtered by the choice, in the table's Seats column.
    await page.goto('/leads-table?custom.plan=Team');
    const table = page.getByRole('table', { name: 'Leads' });
    await visible(table.getByText('Jörg Müller'));
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Seats' }).check();
    await page.keyboard.press('Escape');
    await visible(table.getByRole('columnheader', { name: 'Seats' }));
    await visible(table.getByRole('cell', { name: '12', exact: true }));
    await visible(table.getByRole('cell', { name: /1,?250/ }));
    await snap(page, 'import-custom-table-1280');
    expect(errors).toEqual([]);
  });
});
