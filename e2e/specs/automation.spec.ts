import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap, snapDark } from '../support/browser.ts';
import { openPhonePage, setUpDemoSession } from '../support/demo-session.ts';
import { confirmDialog } from '../support/leads-pages.ts';
import { pickOption, sidebarLinks, toast, visible } from '../support/pages.ts';

let page: Page;
let errors: string[];
const session = setUpDemoSession((opened) => {
  ({ page, errors } = opened);
});

const NAME = 'Referrals are hot';
const dialog = () => page.getByRole('dialog');
const card = (name: string) => page.getByRole('article', { name });
const pick = (label: string, option: string) => pickOption(dialog(), label, option);

const deleteRule = async (name: string) => {
  await card(name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await confirmDialog(
    page,
    `Delete “${name}” and its list of runs? What it already did stays done.`,
    'Delete rule',
  );
  await toast(page, 'Rule deleted');
};

describe('Automation in the browser', () => {
  it('creates a rule: when a lead is created, if the source is Referral, set it Qualified', async () => {
    expect(await sidebarLinks(page)).toContain('Automation');
    await page.getByRole('link', { name: 'Automation' }).click();
    await page.waitForURL('**/automation');
    await visible(page.getByText('No rules yet'));
    await snap(page, 'automation-empty-1280');
    await page.getByRole('button', { name: 'New rule' }).click();
    await dialog().getByRole('button', { name: 'Create rule' }).click();
    await visible(dialog().getByText('Name is required'));

    await dialog().getByLabel(/^Name/).fill(NAME);
    await dialog().getByRole('button', { name: 'Add condition' }).click();
    await pick('Condition 1 field', 'Source');
    await pick('Condition 1 value', 'Referral');
    await pick('Action 1 status', 'Qualified');
    await dialog().getByRole('button', { name: 'Add action' }).click();
    await pick('Action 2 type', 'Create a task for the owner');
    await dialog().getByLabel('Action 2 task title').fill('Call the referred lead');
    await snap(page, 'automation-rule-form-1280');
    await snapDark(page, 'automation-rule-form-1280');
    await dialog().getByRole('button', { name: 'Create rule' }).click();
    await toast(page, 'Rule created');
    await visible(card(NAME).getByText('Lead created'));
    await visible(card(NAME).getByText('Source equals Referral'));
    await visible(card(NAME).getByText(/Set status to Qualified/));
    // The rule acts as whoever created it (and, later, switches it on or saves it).
    await visible(card(NAME).getByText(/^Acts as \S/));
  });

  it('runs when a lead is created: the run is listed and the lead is Qualified', async () => {
    await page.goto('/create-lead');
    await page.getByLabel(/^Company Name/).fill('Rulebound Ltd');
    await page.getByLabel(/^Person First Name/).fill('Rita');
    await page.getByLabel(/^Person Last Name/).fill('Rule');
    await page.getByLabel(/^Person Email/).fill('rita.rule@rulebound.test');
    await page.getByLabel(/^Source/).selectOption('Referral');
    await page.getByRole('button', { name: 'Create Lead' }).click();
    await visible(page.getByText('Lead created successfully!'));

    await page.goto('/automation');
    await visible(card(NAME).getByText('Succeeded: 1'), 30_000);
    await card(NAME).getByRole('button', { name: 'Runs' }).click();
    const runs = dialog().getByRole('table', { name: 'Runs' });
    await visible(runs.getByText('Rita Rule'));
    await visible(runs.getByText('Succeeded'));
    await visible(runs.getByText(/Status set to Qualified; Task "Call the referred lead" created/));
    await snap(page, 'automation-runs-1280');
    await snapDark(page, 'automation-runs-1280');
    await runs.getByRole('link', { name: 'Rita Rule' }).click();
    await page.waitForURL(/\/leads-table\?lead=/);
    const drawer = page.getByRole('dialog');
    await visible(drawer.getByText('Qualified').first());
    await visible(
      drawer.getByRole('list', { name: 'Open tasks' }).getByText('Call the referred lead'),
    );
  });

  it('a rule on opened emails counts people only, unless it asks for more', async () => {
    const opened = 'Opened: call back';
    await page.goto('/automation');
    await page.getByRole('button', { name: 'New rule' }).click();
    await dialog().getByLabel(/^Name/).fill(opened);
    await pick('When', 'Email opened');
    const whose = dialog().getByRole('group', { name: 'Whose hits set it off' });
    await visible(whose);
    expect(await whose.getByRole('checkbox', { name: 'People' }).isChecked()).toBe(true);
    expect(await whose.getByRole('checkbox', { name: /^Machines/ }).isChecked()).toBe(false);
    await whose.getByRole('checkbox', { name: /^Privacy proxies/ }).check();
    await pick('Action 1 status', 'Qualified');
    await snap(page, 'automation-opened-rule-1280');
    await snapDark(page, 'automation-opened-rule-1280');
    await dialog().getByRole('button', { name: 'Create rule' }).click();
    await toast(page, 'Rule created');
    await visible(card(opened).getByText('Email opened (by people and privacy proxies)'));
    await deleteRule(opened);
  });

  it('switches the rule off, shows the page on a phone, and deletes the rule', async () => {
    await page.goto('/automation');
    await card(NAME)
      .getByRole('switch', { name: `${NAME} is on` })
      .click({ force: true });
    await toast(page, `${NAME} is off`);
    await visible(card(NAME).getByText('Off', { exact: true }));
    await snap(page, 'automation-1280');
    await snapDark(page, 'automation-1280');

    const { phone, small, phoneErrors } = await openPhonePage(session);
    await small.goto('/automation');
    await visible(small.getByRole('article', { name: NAME }));
    await snap(small, 'automation-375');
    await snapDark(small, 'automation-375');
    expect(phoneErrors).toEqual([]);
    await phone.close();

    await deleteRule(NAME);
    await visible(page.getByText('No rules yet'));
    expect(errors).toEqual([]);
  });
});
