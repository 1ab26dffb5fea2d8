// Issue 25: a team's real 200-row spreadsheet through the browser's mapping step. Its odd
// headers map by themselves, the ambiguous date column asks how it is written, at least 195
// rows go in with every warning and refusal named, and the failed-rows file, once its two
// named problems are fixed, imports as it is.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/browser.ts';
import { openPhonePage, setUpDemoSession } from '../support/demo-session.ts';
import { mappingStep } from '../support/import-pages.ts';
import { DEMO_ADMIN, csvFile } from '../support/leads-pages.ts';
import { hidden, visible } from '../support/pages.ts';

/** The server tests' messy file (packages/server/test/fixtures/messy-leads.ts), loaded at run time. */
type MessyFixture = {
  MESSY_HEADERS: string[];
  messyLeads: (owner: string, foreign: string) => { cells: string[]; warnings: string[] }[];
};
const MESSY = new URL('../../packages/server/test/fixtures/messy-leads.ts', import.meta.url).href;
const { MESSY_HEADERS, messyLeads } = (await import(MESSY)) as MessyFixture;

let page: Page;
let errors: string[];
const session = setUpDemoSession((opened) => {
  ({ page, errors } = opened);
});

const FOREIGN = 'someone@another-organisation.test';
const messy = messyLeads(DEMO_ADMIN, FOREIGN);
// The file's day-first dates written as ISO, so that the column's only numeric dates
// (03/02/2027) could be read either way: the mapping step must ask.
const cells = messy.map((row) =>
  row.cells.map((cell, column) => (column === 6 && cell === '15/01/2027' ? '2027-01-15' : cell)),
);
const TEAM_FILE = csvFile('team.csv', [MESSY_HEADERS, ...cells]);
const WARNINGS = messy.reduce((count, row) => count + row.warnings.length, 0);

const leadsFile = (on: Page) => on.locator('input[aria-label="Leads file to upload"]');

const snapBoth = async (on: Page, name: string) => {
  await snap(on, `${name}-light`);
  await on.emulateMedia({ colorScheme: 'dark' });
  await on.waitForTimeout(200);
  await snap(on, `${name}-dark`);
  await on.emulateMedia({ colorScheme: 'light' });
};

describe('imports: the messy 200-row spreadsheet (issue 25)', () => {
  it('maps the odd headers, asks how the dates are written, imports 195 rows and names every problem', async () => {
    await page.goto('/leads-table');
    await visible(page.getByTestId('showing-caption'));
    await leadsFile(page).setInputFiles(TEAM_FILE);

    const step = mappingStep(page, 'leads');
    await visible(step.getByText('team.csv: about 200 rows'), 30_000);
    const expected: [string, string][] = [
      ['Company', 'companyName'],
      ['First', 'personFirstName'],
      ['Surname', 'personLastName'],
      ['E-mail', 'personEmail'],
      ['Position', 'personDesignation'],
      ['Lead Source', 'source'],
      ['Exp. Close', 'expectedCloseDate'],
      ['Deal $', 'dealValue'],
      ['Mobile', 'phone'],
      ['Comments', 'subject'],
      ['LinkedIn URL', 'personLinkedin'],
      ['Owner', 'owner'],
      ['Country', 'personCountry'],
    ];
    for (const [header, field] of expected)
      expect(await step.getByLabel(`Field for column ${header}`).inputValue(), header).toBe(field);
    // The Owner column may go round-robin over the team instead.
    expect(
      await step
        .getByLabel('Field for column Owner')
        .locator('option', { hasText: 'Owner: round-robin over the team' })
        .count(),
    ).toBe(1);

    // Every date of the column could be day or month first: the step asks, and waits.
    const question = step.getByTestId('import-date-order');
    await visible(question.getByText('How are the dates in “Exp. Close” written?'));
    const start = step.getByRole('button', { name: 'Start import' });
    expect(await start.isDisabled()).toBe(true);
    await visible(step.getByText('Choose above how the dates in “Exp. Close” are written.'));
    await question.scrollIntoViewIfNeeded();
    await snapBoth(page, 'import-messy-mapping-1280');
    await question.getByLabel('Day first (15/01/2027)').check();
    expect(await start.isDisabled()).toBe(false);

    // A column left out says so: "Don't import" on it.
    await step.getByLabel('Field for column Comments').selectOption('');
    await visible(step.getByTestId('import-left-out').getByText(/Don't import: Comments/));
    await step.getByLabel('Field for column Comments').selectOption('subject');
    await hidden(step.getByTestId('import-left-out'));

    await start.click();
    const dialog = page.getByRole('dialog', { name: 'Uploading leads' });
    const summary = dialog.getByTestId('import-summary');
    await visible(summary, 60_000);
    expect(await summary.innerText()).toContain(
      `200 rows: 195 added, 3 duplicates skipped, 2 with errors, ${WARNINGS} warnings`,
    );
    // Each refusal and the warnings named, by row.
    await visible(dialog.getByText('Row 197: Person Email is required'));
    await visible(dialog.getByText('Row 198: Please enter a valid email address'));
    const callMe = messy.findIndex((row) => row.cells[8] === 'call me');
    await visible(
      dialog.getByText(
        `Row ${callMe + 2}: Phone "call me" could not be read: left empty, the original kept in the notes`,
      ),
    );
    const foreign = messy.findIndex((row) => row.cells[11] === FOREIGN);
    await visible(
      dialog.getByText(
        `Row ${foreign + 2}: Owner "${FOREIGN}" is not an active user of the organisation: given to the default owner`,
      ),
    );

    // The refused rows come back exactly as uploaded, with the reason first.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download failed rows (CSV)' }).click(),
    ]);
    const text = readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '');
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(`Import problem,${MESSY_HEADERS.join(',')}`);
    expect(lines[1]).toMatch(/^Row 197: Person Email is required,/);
    expect(lines[2]).toMatch(/^Row 198: Please enter a valid email address,/);
    // No apostrophe put before any cell (a phone's + stays a +).
    expect(text).not.toMatch(/(^|,)'/m);
    expect(text).toContain(',+49 (30) 555-');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await hidden(dialog);

    // The user fixes the two named emails and uploads the file as it is.
    const fixed = [
      lines[0],
      lines[1]!.replace(`,${cells[195]![2]},,`, `,${cells[195]![2]},fixed1@messy.test,`),
      lines[2]!.replace('not-an-email', 'fixed2@messy.test'),
    ].join('\r\n');
    expect(fixed).toContain('fixed1@messy.test');
    await leadsFile(page).setInputFiles({
      name: 'team-failed-rows.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\ufeff${fixed}\r\n`),
    });
    const again = mappingStep(page, 'leads');
    await visible(again.getByText('team-failed-rows.csv: about 2 rows'), 30_000);
    expect(await again.getByLabel('Field for column Import problem').inputValue()).toBe('');
    await visible(again.getByTestId('import-left-out').getByText(/Import problem/));
    await again.getByRole('button', { name: 'Start import' }).click();
    const second = page.getByRole('dialog', { name: 'Uploading leads' });
    await visible(second.getByTestId('import-summary'), 30_000);
    expect(await second.getByTestId('import-summary').innerText()).toContain('2 rows: 2 added');
    await second.getByRole('button', { name: 'Close' }).last().click();
    expect(errors).toEqual([]);
  });

  it('at 375 px: the date question and the columns fit the screen', async () => {
    const { phone, small, phoneErrors } = await openPhonePage(session);
    try {
      await small.goto('/leads-table');
      await leadsFile(small).setInputFiles(TEAM_FILE);
      const step = mappingStep(small, 'leads');
      await visible(step.getByText('How are the dates in “Exp. Close” written?'), 30_000);
      const width = await small.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      await step.getByTestId('import-date-order').scrollIntoViewIfNeeded();
      await snapBoth(small, 'import-messy-mapping-375');
      await step.getByRole('button', { name: 'Cancel' }).click();
      await hidden(step);
      expect(phoneErrors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
