import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/browser.ts';
import { openPhonePage, setUpDemoSession } from '../support/demo-session.ts';
import { mappingStep } from '../support/import-pages.ts';
import { csvFile } from '../support/leads-pages.ts';
import { hidden, visible } from '../support/pages.ts';

let page: Page;
let errors: string[];
const session = setUpDemoSession((opened) => {
  ({ page, errors } = opened);
});

/** A toast (not the dialog's copy of the same text). */
const toastWith = (on: Page, text: string) =>
  on.locator('.mantine-Notification-root', { hasText: text });

/** Screenshots in light and dark; the page goes back to light. */
const snapBoth = async (on: Page, name: string) => {
  await snap(on, `${name}-light`);
  await on.emulateMedia({ colorScheme: 'dark' });
  await snap(on, `${name}-dark`);
  await on.emulateMedia({ colorScheme: 'light' });
};

// An export from another CRM: its source column has its own name, social sources come without
// profile links, a source is unknown, some rows are bad.
const HEADERS = ['Company', 'First Name', 'Last Name', 'Email', 'Channel', 'Notes'];
const EXPORT = [
  HEADERS,
  ['Initrode', 'Peter', 'Gibbons', 'peter@initrode.test', 'LinkedIn', ''],
  ['Initrode', 'Samir', 'Nagheenanajar', 'samir@initrode.test', 'linkedin.com', ''],
  ['Initrode', 'Michael', 'Bolton', 'michael@initrode.test', 'Cold email', ''],
  ['Initrode', 'Milton', 'Waddams', 'milton@initrode.test', 'Trade fair 2026', 'Stapler'],
  ['Initrode', 'Bill', 'Lumbergh', '', 'Referral', ''],
  ['Initrode', '', 'Smykowski', 'tom@initrode.test', 'Referral', ''],
  ['Initrode', 'Bob', 'Slydell', 'not-an-email', 'Website', ''],
  ['', 'Bob', 'Porter', '', 'Website', ''],
];

const leadsFile = (on: Page) => on.locator('input[aria-label="Leads file to upload"]');

describe('imports: the mapping step and what happened', () => {
  it('maps an unknown column, previews the warnings, saves the mapping and reports 8 rows: 4 added, 4 with errors', async () => {
    await page.goto('/leads-table');
    await visible(page.getByTestId('showing-caption'));
    await leadsFile(page).setInputFiles(csvFile('old-crm.csv', EXPORT));

    const step = mappingStep(page, 'leads');
    await visible(step.getByText('old-crm.csv: about 8 rows'));
    // 'Channel' names no field: the import cannot start until it is chosen.
    await visible(step.getByText('Choose a column for: Source'));
    const start = step.getByRole('button', { name: 'Start import' });
    expect(await start.isDisabled()).toBe(true);
    expect(await step.getByLabel('Field for column Company').inputValue()).toBe('companyName');
    await step.getByLabel('Field for column Channel').selectOption('source');

    await visible(step.getByTestId('import-preview-counts'));
    expect(await step.getByTestId('import-preview-counts').innerText()).toBe(
      '1 ready, 3 with warnings, 4 with errors',
    );
    await visible(step.getByText('Warning: No contact profile link for a LinkedIn lead').first());
    await visible(
      step.getByText(
        'Warning: Source "Trade fair 2026" is not a known source: saved as Other, the original kept in the notes',
      ),
    );
    await visible(step.getByText('Error: Person Email is required').first());
    await step.getByLabel('Save this mapping for files with the same columns').check();
    await step.getByLabel('Preset name').fill('Old CRM export');
    await snapBoth(page, 'import-mapping-1280');

    await start.click();
    const dialog = page.getByRole('dialog', { name: 'Uploading leads' });
    const summary = dialog.getByTestId('import-summary');
    await visible(summary, 30_000);
    expect(await summary.innerText()).toContain('8 rows: 4 added, 4 with errors, 3 warnings');
    expect(await summary.getAttribute('data-tone')).toBe('warning');
    await visible(toastWith(page, '8 rows: 4 added, 4 with errors, 3 warnings'));
    expect(await toastWith(page, 'Leads uploaded successfully').count()).toBe(0);
    await visible(dialog.getByText('Row 6: Person Email is required'));
    await visible(dialog.getByText('Row 3: No contact profile link for a LinkedIn lead'));
    // Each problem once: a blank email is not also "not a valid email address".
    expect(await dialog.getByText('Row 6:').count()).toBe(1);
    await snapBoth(page, 'import-summary-warning-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download failed rows (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('old-crm-failed-rows.csv');
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      // The upload as it was, with the reason as the first column (issue 25).
      'Import problem,Company,First Name,Last Name,Email,Channel,Notes',
      'Row 6: Person Email is required,Initrode,Bill,Lumbergh,,Referral,',
      'Row 7: Person First Name is required,Initrode,,Smykowski,tom@initrode.test,Referral,',
    ]);
    expect(lines).toHaveLength(6);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    expect(errors).toEqual([]);
  });

  it('chooses the saved mapping for the same columns and says plainly when all went in', async () => {
    await page.goto('/leads-table');
    await leadsFile(page).setInputFiles(
      csvFile('old-crm-2.csv', [
        HEADERS,
        ['Initrode', 'Joanna', 'Smith', 'joanna@initrode.test', 'Referral', ''],
        ['Initrode', 'Lawrence', 'Jones', 'lawrence@initrode.test', 'Event', ''],
      ]),
    );
    const step = mappingStep(page, 'leads');
    await visible(step.getByText('Using the saved mapping “Old CRM export”.'));
    expect(await step.getByLabel('Field for column Channel').inputValue()).toBe('source');
    expect(await step.getByTestId('import-preview-counts').innerText()).toBe(
      '2 ready, 0 with warnings, 0 with errors',
    );
    await step.getByRole('button', { name: 'Start import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Uploading leads' });
    const summary = dialog.getByTestId('import-summary');
    await visible(summary, 30_000);
    expect(await summary.innerText()).toContain('2 rows: 2 added');
    expect(await summary.getAttribute('data-tone')).toBe('success');
    await visible(toastWith(page, 'Leads uploaded successfully'));
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await hidden(dialog);
    expect(errors).toEqual([]);
  });

  it('at 375 px: a client file whose rows all fail is an error, not a success', async () => {
    const { phone, small, phoneErrors } = await openPhonePage(session);
    try {
      await small.goto('/all-clients');
      await small.locator('input[aria-label="Clients file to upload"]').setInputFiles(
        csvFile('clients.csv', [
          ['Company Name', 'Email', 'Contact Person', 'Category', 'Remarks'],
          ['Nowhere Ltd', '', 'Nobody', 'Retail', 'no email'],
          ['', 'x@nowhere.test', '', '', ''],
        ]),
      );
      const step = mappingStep(small, 'clients');
      await visible(step.getByText('clients.csv: about 2 rows'));
      expect(await step.getByLabel('Field for column Remarks').inputValue()).toBe('');
      expect(await step.getByTestId('import-preview-counts').innerText()).toBe(
        '0 ready, 0 with warnings, 2 with errors',
      );
      const width = await small.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      await snapBoth(small, 'import-mapping-375');
      await step.getByRole('button', { name: 'Start import' }).click();

      const dialog = small.getByRole('dialog', { name: 'Uploading clients' });
      const summary = dialog.getByTestId('import-summary');
      await visible(summary, 30_000);
      expect(await summary.innerText()).toContain('2 rows: 0 added, 2 with errors');
      expect(await summary.getAttribute('data-tone')).toBe('error');
      await visible(dialog.getByText('Nothing was imported'));
      await visible(toastWith(small, '2 rows: 0 added, 2 with errors'));
      expect(await toastWith(small, 'Clients uploaded successfully').count()).toBe(0);
      await snapBoth(small, 'import-summary-error-375');
      expect(phoneErrors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
