import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, signinToken } from '../support/api.ts';
import { snap, snapDark } from '../support/browser.ts';
import { openPhonePage, setUpDemoSession } from '../support/demo-session.ts';
import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  bodyRows,
  csvFile,
  showAllColumns,
} from '../support/leads-pages.ts';
import { mappingStep, startImport } from '../support/import-pages.ts';
import { hidden, toast, visible } from '../support/pages.ts';

let page: Page;
let errors: string[];
const session = setUpDemoSession((opened) => {
  ({ page, errors } = opened);
});

type Owner = { id: string; name: string };
let token: string;
let manager: Owner;

beforeAll(async () => {
  token = await signinToken(session.server, DEMO_ADMIN, DEMO_PASSWORD);
  const owners = (await callApi(session.server, '/api/leads/owners', {
    token,
  })) as unknown as Owner[];
  manager = owners.find((owner) => owner.name === 'Max Manager')!;
});

const dialog = () => page.getByRole('dialog');
/** How many leads the user owns (the list's total: the demo's owners have over a thousand). */
const countOwnedBy = async (owner: string) =>
  (await callApi(session.server, `/api/leads?limit=10&owner=${owner}`, { token })).total as number;
const leadsOwnedBy = async (owner: string) =>
  (await callApi(session.server, `/api/leads?limit=250&owner=${owner}`, { token })).leads as {
    _id: string;
    personFirstName: string;
    personLastName: string;
  }[];
const bothSchemes = async (target: Page, name: string) => {
  await snap(target, name);
  await snapDark(target, name);
};

describe('lead owners in the browser', () => {
  it('assigns selected leads in bulk after a confirmation naming the count and the user', async () => {
    await page.goto('/leads-table');
    await visible(bodyRows(page).first());
    const before = await countOwnedBy(manager.id);
    const boxes = page.locator('table[aria-label="Leads"] > tbody input[type="checkbox"]');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByRole('button', { name: 'Assign (2)', exact: true }).click();
    await dialog().getByLabel('New owner').selectOption({ label: 'Max Manager' });
    await visible(dialog().getByText('Assign 2 leads to Max Manager?'));
    await dialog().getByRole('button', { name: 'Assign 2 leads' }).click();
    await toast(page, '2 leads assigned to Max Manager');
    await hidden(dialog());
    await expect.poll(() => countOwnedBy(manager.id)).toBe(before + 2);
  });

  it('filters by owner, kept in the URL', async () => {
    await page.getByLabel('Owner', { exact: true }).selectOption({ label: 'Max Manager' });
    await page.waitForURL(`**/leads-table?*owner=${manager.id}*`);
    const owned = await leadsOwnedBy(manager.id);
    await expect.poll(() => bodyRows(page).count()).toBe(Math.min(owned.length, 10));
    await page.reload();
    await expect
      .poll(() => page.getByLabel('Owner', { exact: true }).inputValue())
      .toBe(manager.id);
    await expect
      .poll(() =>
        page
          .getByLabel('Owner', { exact: true })
          .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text),
      )
      .toBe('Max Manager');
  });

  it('changes the owner, deal value and phone in the drawer; "Mine" then finds the lead', async () => {
    const [lead] = await leadsOwnedBy(manager.id);
    await page.goto(`/leads-table?lead=${lead!._id}`);
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = drawer.getByRole('form', { name: 'Edit lead' });
    await form.getByLabel('Owner', { exact: true }).selectOption({ label: 'Ada Admin' });
    await form.getByLabel('Deal value').fill('12,500');
    await form.getByLabel('Phone').fill('+44 20 7946 0958');
    await form.getByLabel('Expected close date').fill('2027-03-01');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Lead updated successfully');
    await visible(drawer.getByText('$12,500'));
    const phone = drawer.getByRole('link', { name: '+44 20 7946 0958' });
    expect(await phone.getAttribute('href')).toBe('tel:+442079460958');
    const history = drawer.getByText(/^Owner of Lead .* changed from Max Manager to Ada Admin$/);
    await visible(history);
    await page.getByRole('button', { name: 'Close lead details' }).click();

    await page.goto('/leads-table?owner=me');
    await visible(
      page.getByRole('button', { name: `${lead!.personFirstName} ${lead!.personLastName}` }),
    );
    expect(await page.getByLabel('Owner', { exact: true }).inputValue()).toBe('me');
  });

  it('shows the deal value in the currency an Admin sets on the Teams page', async () => {
    await page.goto('/teams');
    const panel = page.getByRole('region', { name: 'Organisation settings' });
    await panel.getByLabel('Currency of deal values').selectOption('EUR');
    await bothSchemes(page, 'owners-settings-1280');
    await panel.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Deal values are now shown in EUR');

    await page.goto('/leads-table?owner=me');
    await showAllColumns(page);
    await visible(page.locator('table[aria-label="Leads"]').getByText('€12,500'));
    const tel = page.locator('table[aria-label="Leads"] a[href="tel:+442079460958"]');
    await visible(tel);
    // The new columns are at the far end of the table.
    await tel.scrollIntoViewIfNeeded();
    await bothSchemes(page, 'owners-leads-table-1280');

    const { phone, small, phoneErrors } = await openPhonePage(session);
    await small.goto('/leads-table?owner=me');
    await visible(small.getByText('€12,500').first());
    await bothSchemes(small, 'owners-leads-table-375');
    await small.goto('/teams');
    await visible(small.getByRole('region', { name: 'Organisation settings' }));
    await bothSchemes(small, 'owners-settings-375');
    expect(phoneErrors).toEqual([]);
    await phone.close();
    expect(errors).toEqual([]);
  });

  it('spreads an import round-robin over the chosen users', async () => {
    await page.goto('/leads-table');
    const rows = [['Company', 'First Name', 'Last Name', 'Email', 'Source']];
    for (let i = 1; i <= 4; i++)
      rows.push(['Round Robin Co', 'Robin', `No${i}`, `robin${i}@rr.test`, 'Referral']);
    await page
      .locator('input[aria-label="Leads file to upload"]')
      .setInputFiles(csvFile('round-robin.csv', rows));
    const step = mappingStep(page, 'leads');
    await step.getByPlaceholder('Owner column or yourself').click();
    // (The Owner filter's native options are options too: pick from the open list.)
    const choices = page.getByRole('listbox');
    await choices.getByRole('option', { name: 'Max Manager' }).click();
    await choices.getByRole('option', { name: 'Rita Rep' }).click();
    await page.keyboard.press('Escape');
    await snap(page, 'owners-import-round-robin-1280');
    await startImport(page, 'leads');
    await toast(page, 'Leads uploaded successfully');
    const found = (await callApi(session.server, '/api/leads?limit=10&search=rr.test', { token }))
      .leads as { personEmail: string; owner: { name: string } }[];
    const byEmail = Object.fromEntries(found.map((lead) => [lead.personEmail, lead.owner.name]));
    expect(byEmail).toEqual({
      'robin1@rr.test': 'Max Manager',
      'robin2@rr.test': 'Rita Rep',
      'robin3@rr.test': 'Max Manager',
      'robin4@rr.test': 'Rita Rep',
    });
    expect(errors).toEqual([]);
  });
});
