import { readFileSync } from 'node:fs';
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
  statusValues,
  showAllColumns,
  waitForCaption,
} from '../support/leads-pages.ts';

let page: Page;
let errors: string[];
const session = setUpDemoSession((opened) => {
  ({ page, errors } = opened);
});

const LEAD = {
  company: 'Zephyr Testworks',
  first: 'Quinn',
  last: 'Okafor',
  name: 'Quinn Okafor',
  email: 'quinn.okafor@zephyr-testworks.test',
};

const filter = (label: string) => page.getByLabel(label, { exact: true });

const search = async (text: string) => {
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(text);
};

describe('leads in the browser', () => {
  it('creates a lead through the form: errors first, then the banner, the redirect and the row', async () => {
    await page.goto('/leads-table');
    await page.getByRole('link', { name: 'Create Lead' }).click();
    await page.waitForURL('**/create-lead');
    await visible(page.getByText('Not specified').first());
    await visible(page.getByText('Name not specified'));
    await visible(page.getByText('Email not specified'));
    await page.getByRole('button', { name: 'Create Lead' }).click();
    await visible(page.getByText('Please fix the errors below'));
    for (const message of [
      'Company Name is required',
      'Person First Name is required',
      'Person Last Name is required',
      'Person Email is required',
      'Source is required',
    ]) {
      await visible(page.getByText(message));
    }
    await snap(page, 'create-lead-errors-1280');

    // An error clears as soon as its field is edited; the others stay.
    await page.getByLabel(/^Company Name/).fill(LEAD.company);
    await hidden(page.getByText('Company Name is required'));
    expect(await page.getByText('Person Last Name is required').isVisible()).toBe(true);

    await page.getByLabel(/^Person First Name/).fill(LEAD.first);
    await page.getByLabel(/^Person Last Name/).fill(LEAD.last);
    await page.getByLabel(/^Person Email/).fill('not-an-email');
    await page.getByLabel(/^Source/).selectOption('LinkedIn');
    const link = page.getByLabel(/^Contact Profile Link/);
    expect(await link.getAttribute('placeholder')).toBe('https://linkedin.com/in/username');
    await page.getByRole('button', { name: 'Create Lead' }).click();
    await visible(page.getByText('Please enter a valid email address'));
    await visible(page.getByText('Contact Profile Link is required'));

    await page.getByLabel(/^Source/).selectOption('Referral');
    expect(await link.getAttribute('placeholder')).toBe('https://example.com/profile');
    await page.getByLabel(/^Source/).selectOption('LinkedIn');
    await page.getByLabel(/^Person Email/).fill(LEAD.email);
    await link.fill('https://linkedin.com/in/quinn-okafor');
    await page.getByLabel('Job Title').fill('Head of QA');
    const preview = page.getByRole('region', { name: 'Lead preview' });
    await visible(preview.getByText(LEAD.company));
    await visible(preview.getByText(LEAD.name));
    expect(await page.getByTestId('completion').innerText()).toMatch(/^\d+% complete$/);
    await page.getByRole('button', { name: 'Hide Preview' }).click();
    await hidden(preview);
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await visible(preview);
    await snap(page, 'create-lead-filled-1280');

    await page.getByRole('button', { name: 'Create Lead' }).click();
    await visible(page.getByText('Lead created successfully!'));
    await page.waitForURL('**/leads-table', { timeout: 5_000 });
    await search(LEAD.email);
    await waitForCaption(page, (c) => c.total === 1);
    await visible(bodyRows(page).getByText(LEAD.name));

    // The same email again is a 409 whose message shows on the email field too.
    await page.goto('/create-lead');
    await page.getByLabel(/^Company Name/).fill('Other Co');
    await page.getByLabel(/^Person First Name/).fill('Dup');
    await page.getByLabel(/^Person Last Name/).fill('Licate');
    await page.getByLabel(/^Person Email/).fill(LEAD.email);
    await page.getByLabel(/^Source/).selectOption('Website');
    await page.getByRole('button', { name: 'Create Lead' }).click();
    await visible(page.getByText('A lead with this email already exists').nth(1));
    expect(errors).toEqual([]);
  });

  it('search, each filter, sort and paging narrow the list on the server; the URL keeps them', async () => {
    await page.goto('/leads-table');
    const all = await waitForCaption(page, (c) => c.total > 5000);
    expect(all).toMatchObject({ first: 1, last: 10 });
    await snap(page, 'leads-1280');
    await showAllColumns(page);

    await filter('Status').selectOption('Hot Lead');
    const hot = await waitForCaption(page, (c) => c.total < all.total);
    expect(page.url()).toContain('status=Hot+Lead');
    expectAll(await statusValues(page), (v) => v === 'Hot Lead', 'status');

    await filter('Source').selectOption('LinkedIn');
    const linked = await waitForCaption(page, (c) => c.total < hot.total);
    expectAll(await columnTexts(page, 11), (t) => t.trim() === 'LinkedIn', 'source');

    await filter('Industry').selectOption('Technology');
    const narrowed = await waitForCaption(page, (c) => c.total < linked.total);
    expectAll(await columnTexts(page, 5), (t) => t.trim() === 'Technology', 'industry');
    await snap(page, 'leads-filtered-1280');

    // A reload (or a shared link) restores the view.
    await page.reload();
    await waitForCaption(page, (c) => c.total === narrowed.total);
    expect(await filter('Status').inputValue()).toBe('Hot Lead');
    expect(await filter('Source').inputValue()).toBe('LinkedIn');
    expect(await filter('Industry').inputValue()).toBe('Technology');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitForCaption(page, (c) => c.total === all.total);

    await filter('Company size').selectOption('1-10');
    await waitForCaption(page, (c) => c.total < all.total);
    expectAll(await columnTexts(page, 6), (t) => t.trim() === '1-10', 'size');
    await filter('Company size').selectOption('');
    await waitForCaption(page, (c) => c.total === all.total);

    await page.getByRole('textbox', { name: 'Location' }).fill('berlin');
    await waitForCaption(page, (c) => c.total < all.total);
    expectAll(await columnTexts(page, 10), (t) => t.includes('Berlin'), 'location');
    await page.getByRole('textbox', { name: 'Location' }).fill('');
    await waitForCaption(page, (c) => c.total === all.total);

    await search('lovelace');
    const found = await waitForCaption(page, (c) => c.total < all.total);
    expect(found.total).toBeGreaterThan(0);
    expectAll(
      await bodyRows(page).allInnerTexts(),
      (t) => t.toLowerCase().includes('lovelace'),
      'search',
    );
    expect(page.url()).toContain('search=lovelace');
    await search('');
    await waitForCaption(page, (c) => c.total === all.total);

    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(tomorrow);
    await waitForCaption(page, (c) => c.total === 0);
    await visible(page.getByText('No leads found matching your criteria'));
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(weekAgo);
    await waitForCaption(page, (c) => c.total > 0 && c.total < all.total);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitForCaption(page, (c) => c.total === all.total);

    // Paging and page size.
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForCaption(page, (c) => c.first === 11 && c.last === 20);
    await visible(page.getByText(`Page 2 of ${Math.ceil(all.total / 10).toLocaleString()}`));
    await page.getByLabel('Leads per page').selectOption('25');
    await waitForCaption(page, (c) => c.first === 1 && c.last === 25);
    expect(page.url()).toContain('limit=25');

    // Sorting by company, ascending then descending.
    await page.getByRole('button', { name: 'Company Info' }).click();
    await page.locator('th[aria-sort="ascending"]', { hasText: 'Company Info' }).waitFor();
    await waitForCaption(page, () => page.url().includes('sort=companyName'));
    const ascending = (await columnTexts(page, 4)).map((t) => t.split('\n')[0]!.trim());
    await page.getByRole('button', { name: 'Company Info' }).click();
    await page.locator('th[aria-sort="descending"]', { hasText: 'Company Info' }).waitFor();
    await waitForCaption(page, () => page.url().includes('sort=-companyName'));
    const descending = (await columnTexts(page, 4)).map((t) => t.split('\n')[0]!.trim());
    expect(ascending[0]!.localeCompare(descending[0]!)).toBeLessThan(0);

    // 250 rows: the table draws those in view (windowed) but still counts and selects all 250.
    await page.goto('/leads-table?limit=250');
    await waitForCaption(page, (c) => c.last === 250);
    const table = page.locator('table[aria-label="Leads"]');
    expect(await table.getAttribute('aria-rowcount')).toBe('251');
    const drawn = await bodyRows(page).count();
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(100);
    expect(await bodyRows(page).first().getAttribute('aria-rowindex')).toBe('2');
    await snap(page, 'leads-250-1280');
    await page.getByRole('checkbox', { name: 'Select all visible leads' }).check();
    await visible(page.getByRole('button', { name: 'Delete (250)' }));
    await page.getByRole('checkbox', { name: 'Select all visible leads' }).uncheck();
    // Scrolled to the end, the last rows are drawn; the keyboard focus keeps its row drawn.
    await bodyRows(page).first().getByRole('checkbox').focus();
    await table.evaluate((node) => {
      const box = node.closest<HTMLElement>('.mantine-TableScrollContainer-scrollContainer')!;
      box.scrollTop = box.scrollHeight;
    });
    await page.locator('tr[aria-rowindex="251"]').waitFor();
    expect(await page.locator('tr[aria-rowindex="2"]').count()).toBe(1);
    expect(
      await page.evaluate(() =>
        document.activeElement?.closest('tr')?.getAttribute('aria-rowindex'),
      ),
    ).toBe('2');
    expect(await bodyRows(page).count()).toBeLessThan(100);
    expect(errors).toEqual([]);
  });

  it('a status change is saved and survives a reload; the detail drawer shows and edits the lead', async () => {
    await page.goto(`/leads-table?search=${encodeURIComponent(LEAD.email)}`);
    await waitForCaption(page, (c) => c.total === 1);
    await page.getByLabel(`Status of ${LEAD.name}`).selectOption('Hot Lead');
    await toast(page, `Status of ${LEAD.first} updated to Hot Lead`);
    await page.reload();
    await waitForCaption(page, (c) => c.total === 1);
    expect(await page.getByLabel(`Status of ${LEAD.name}`).inputValue()).toBe('Hot Lead');

    await page.getByRole('button', { name: `View ${LEAD.name}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Lead details' });
    await visible(drawer.getByText(LEAD.company).first());
    await visible(drawer.getByText('Pending'));
    // The lead's own history (GET /api/activity?entityId=…).
    await visible(drawer.getByText(`Status of ${LEAD.name} changed from Cold Lead to Hot Lead`));
    await visible(drawer.getByText(`Lead ${LEAD.name} (${LEAD.company}) created`));
    await visible(drawer.getByText('No emails sent to this lead yet'));
    expect(page.url()).toContain('lead=');
    await page.waitForTimeout(400); // the drawer's slide-in
    await snap(page, 'lead-drawer-1280');

    await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
    await drawer.getByLabel('Job Title').fill('VP Testing');
    await drawer.getByLabel(/^Person Email/).fill('broken');
    await drawer.getByRole('button', { name: 'Save changes' }).click();
    await visible(drawer.getByText('Please enter a valid email address'));
    await drawer.getByLabel(/^Person Email/).fill(LEAD.email);
    await snap(page, 'lead-drawer-edit-1280');
    await drawer.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Lead updated successfully');
    await visible(drawer.getByText('VP Testing'));

    // The drawer is part of the URL: a reload opens it again.
    await page.reload();
    await visible(page.getByRole('dialog', { name: 'Lead details' }).getByText('VP Testing'));
    await page.getByRole('button', { name: 'Close lead details' }).click();
    await hidden(page.getByRole('dialog', { name: 'Lead details' }));
    expect(page.url()).not.toContain('lead=');
    expect(errors).toEqual([]);
  });

  it('bulk email button states, bulk delete and single delete', async () => {
    await page.goto('/leads-table?limit=50');
    await waitForCaption(page, (c) => c.last === 50);
    const bulk = (name: string) => page.getByRole('button', { name, exact: true });
    expect(await bulk('No leads selected').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(true);

    const rows = bodyRows(page);
    const sentFlags = await rows.evaluateAll((trs) =>
      trs.map((tr) => Boolean(tr.querySelector('[data-sent-state]'))),
    );
    const sent = sentFlags.indexOf(true);
    const unsent = sentFlags.indexOf(false);
    expect(sent).toBeGreaterThanOrEqual(0);
    expect(unsent).toBeGreaterThanOrEqual(0);
    await rows.nth(unsent).getByRole('checkbox').check();
    expect(await bulk('Send Bulk Email').isEnabled()).toBe(true);
    await rows.nth(sent).getByRole('checkbox').check();
    // A mixed selection: the first email goes to the one not emailed yet, and the note says so.
    expect(await bulk('Send Bulk Email to 1 lead').isEnabled()).toBe(true);
    await visible(page.getByText(/^Some selected leads were already emailed/));
    await snap(page, 'leads-selected-1280');
    await rows.nth(unsent).getByRole('checkbox').uncheck();
    expect(await bulk('Send Follow-up Email').isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await visible(bulk('No leads selected'));

    await search('lovelace');
    const before = await waitForCaption(page, (c) => c.total > 2 && c.total < 5000);
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete (2)' }).click();
    await confirmDialog(page, 'Are you sure you want to delete 2 selected leads?');
    await toast(page, 'Selected leads deleted successfully');
    await waitForCaption(page, (c) => c.total === before.total - 2);

    await rows
      .nth(0)
      .getByRole('button', { name: /^Delete / })
      .click();
    await confirmDialog(page, 'Are you sure you want to delete this lead?');
    await toast(page, 'Lead deleted successfully');
    await waitForCaption(page, (c) => c.total === before.total - 3);
    expect(errors).toEqual([]);
  });

  it('uploads a CSV: progress, then a summary with the bad row; the new lead is listed', async () => {
    await page.goto('/leads-table');
    await waitForCaption(page, (c) => c.total > 0);
    const input = page.locator('input[aria-label="Leads file to upload"]');

    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('x'),
    });
    await toast(page, 'Please choose an .xlsx, .xls or .csv file');

    await input.setInputFiles(
      csvFile('leads.csv', [
        ['Company Name', 'First Name', 'Last Name', 'Email', 'Source', 'Status'],
        [
          'Upload Labs',
          'Uma',
          'Uploader',
          'uma.uploader@upload-labs.test',
          'Referral',
          'Warm Lead',
        ],
        ['Broken Row Inc', 'Bob', 'Broken', 'not-an-email', 'Referral', 'Cold Lead'],
        [LEAD.company, LEAD.first, LEAD.last, LEAD.email, 'Website', 'Cold Lead'],
      ]),
    );
    await startImport(page, 'leads');
    const dialog = page.getByRole('dialog', { name: 'Uploading leads' });
    await visible(dialog.getByText('Import finished'), 30_000);
    await visible(dialog.getByText(/^Row \d+: /));
    const summary = await dialog.innerText();
    expect(summary).toContain('3 rows: 1 added, 1 duplicate skipped, 1 with errors');
    await toast(page, '3 rows: 1 added, 1 duplicate skipped, 1 with errors');
    await snap(page, 'leads-upload-summary-1280');
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    await search('uma.uploader@upload-labs.test');
    await waitForCaption(page, (c) => c.total === 1);
    await visible(bodyRows(page).getByText('Uma Uploader'));
    expect(errors).toEqual([]);
  });

  it('downloads leads.xlsx with the current filters', async () => {
    await page.goto('/leads-table?status=Qualified');
    await waitForCaption(page, (c) => c.total > 0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('leads.xlsx');
    const file = readFileSync(await download.path());
    expect(file.length).toBeGreaterThan(100);
    expect(file.subarray(0, 2).toString()).toBe('PK');
    await toast(page, 'Leads downloaded successfully');
    expect(errors).toEqual([]);
  });

  it('works at 375 px: the leads are cards, the filters fold away', async () => {
    const { phone, small, phoneErrors } = await openPhonePage(session);
    await small.goto('/leads-table');
    await waitForCaption(small, (c) => c.total > 0);
    expect(await small.locator('[data-lead-card]').count()).toBe(10);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await snap(small, 'leads-375');
    await small.getByRole('button', { name: 'Filters' }).click();
    await visible(small.getByLabel('Status', { exact: true }));
    await snap(small, 'leads-filters-375');
    await small
      .getByRole('button', { name: /^View / })
      .first()
      .click();
    await visible(small.getByRole('dialog', { name: 'Lead details' }).getByText('Company Name'));
    await small.waitForTimeout(400); // the drawer's slide-in
    await snap(small, 'lead-drawer-375');
    await small.goto('/create-lead');
    await small.getByRole('button', { name: 'Create Lead' }).click();
    await visible(small.getByText('Please fix the errors below'));
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await snap(small, 'create-lead-375');
    expect(phoneErrors).toEqual([]);
    await phone.close();
  });
  it('after a change, the dashboard and the activity log never show what came before it', async () => {
    const activeLeads = page
      .locator('[data-stat="Active Leads"] [data-testid="stat-value"]')
      .first();
    const count = (label: string | null) => Number((label ?? '').replace(/\D/g, ''));
    await page.goto('/');
    const before = count(await activeLeads.textContent());
    await page.getByRole('link', { name: 'Activity', exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Activity Log' }));

    await page.getByRole('link', { name: 'All Leads', exact: true }).click();
    await waitForCaption(page, (c) => c.total > 0);
    const remove = bodyRows(page)
      .nth(0)
      .getByRole('button', { name: /^Delete / });
    const name = (await remove.getAttribute('aria-label'))!.slice('Delete '.length);
    await remove.click();
    await confirmDialog(page, 'Are you sure you want to delete this lead?');
    await toast(page, 'Lead deleted successfully');

    // Every value the dashboard card shows from now on is recorded, the first render included.
    await page.evaluate(`(() => {
      window.__activeLeads = [];
      const record = () => {
        const card = document.querySelector('[data-stat="Active Leads"] [data-testid="stat-value"]');
        const label = card && card.textContent;
        if (label && window.__activeLeads.at(-1) !== label) window.__activeLeads.push(label);
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
    })()`);
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await visible(activeLeads);
    await page.waitForTimeout(1000);
    const seen = (await page.evaluate('window.__activeLeads')) as string[];
    expect(seen.map(count)).toEqual([before - 1]);

    await page.getByRole('link', { name: 'Activity', exact: true }).click();
    // The dashboard's recent activity names the lead too: look only once the log is open.
    await page.waitForURL((url) => url.pathname === '/activity');
    await visible(page.getByRole('heading', { name: 'Activity Log' }));
    await visible(page.getByText(`Lead ${name}`, { exact: false }).first());
    expect(errors).toEqual([]);
  });

  it('past 10,000 leads the pager says 10,000+ and Next goes on while another page follows', async () => {
    await page.goto('/leads-table');
    const start = await waitForCaption(page, (c) => c.total > 0);
    const rows = Array.from({ length: 10_040 - start.total }, (_, i) => [
      'Cap Co',
      `Cap${i}`,
      'Lead',
      `cap${i}@cap-co.test`,
      'Event',
    ]);
    await page
      .locator('input[aria-label="Leads file to upload"]')
      .setInputFiles(
        csvFile('many.csv', [
          ['Company Name', 'First Name', 'Last Name', 'Email', 'Source'],
          ...rows,
        ]),
      );
    await startImport(page, 'leads');
    const dialog = page.getByRole('dialog', { name: 'Uploading leads' });
    await visible(dialog.getByText('Import finished'), 120_000);
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    await page.goto('/leads-table');
    const caption = page.getByTestId('showing-caption');
    await visible(page.getByText('Showing 1–10 of 10,000+ leads'));
    await visible(page.getByText('Page 1 of 1,000+'));
    await snap(page, 'leads-capped-1280');

    await page.goto('/leads-table?page=1000');
    await visible(page.getByText('Showing 9,991–10,000 of 10,000+ leads'));
    const next = page.getByRole('button', { name: 'Next' });
    expect(await next.isEnabled()).toBe(true);
    await next.click();
    await visible(page.getByText('Showing 10,001–10,010 of 10,010+ leads'));
    await visible(page.getByText('Page 1,001 of 1,001+'));
    expect(await bodyRows(page).count()).toBe(10);

    // A short page is the last one: its total is known, and Next stops there.
    await page.goto('/leads-table?page=201&limit=50');
    await visible(page.getByText('Showing 10,001–10,040 of 10,040 leads'));
    await visible(page.getByText('Page 201 of 201', { exact: true }));
    expect(await bodyRows(page).count()).toBe(40);
    expect(await next.isDisabled()).toBe(true);

    // A full page can be the last one too: the server says that no page follows it.
    await page.goto('/leads-table?page=1004');
    await visible(page.getByText('Showing 10,031–10,040 of 10,040 leads'));
    await visible(page.getByText('Page 1,004 of 1,004', { exact: true }));
    expect(await next.isDisabled()).toBe(true);

    // A search is still counted exactly.
    await page.goto('/leads-table?search=cap1234%40cap-co.test');
    await visible(page.getByText('Showing 1–1 of 1 leads'));
    expect(await caption.innerText()).not.toContain('+');
    expect(errors).toEqual([]);
  });
});
