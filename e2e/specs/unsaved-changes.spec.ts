import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { callApi, signinToken } from '../support/api.ts';
import { DESKTOP, PHONE, snap, snapDark } from '../support/browser.ts';
import { setUpDemoSession } from '../support/demo-session.ts';
import { DEMO_ADMIN, DEMO_PASSWORD } from '../support/leads-pages.ts';
import { hidden, toast, visible } from '../support/pages.ts';

let page: Page;
let errors: string[];
const session = setUpDemoSession((opened) => {
  ({ page, errors } = opened);
});

let leadId: string;
beforeAll(async () => {
  const token = await signinToken(session.server, DEMO_ADMIN, DEMO_PASSWORD);
  const answer = await callApi(session.server, '/api/leads?page=1&limit=25&status=Warm%20Lead', {
    token,
  });
  leadId = (answer.leads as { _id: string; clientId: string | null }[]).find(
    (lead) => !lead.clientId,
  )!._id;
});

const confirmBox = () => page.getByRole('dialog', { name: 'Discard changes?' });
const drawer = () => page.getByRole('dialog', { name: 'Lead details' });
const modal = (name: string | RegExp) => page.getByRole('dialog', { name });

/** Esc asks first; "Keep editing" goes back to the form with what was typed. */
const escKeeps = async (field: Locator, typed: string) => {
  await page.keyboard.press('Escape');
  await visible(confirmBox());
  await confirmBox().getByRole('button', { name: 'Keep editing' }).click();
  await hidden(confirmBox());
  expect(await field.inputValue()).toBe(typed);
};

/** Esc asks first; "Discard" closes the form's modal or drawer. */
const escDiscards = async (closed: Locator) => {
  await page.keyboard.press('Escape');
  await visible(confirmBox());
  await confirmBox().getByRole('button', { name: 'Discard' }).click();
  await hidden(confirmBox());
  await hidden(closed);
};

const openLead = async () => {
  await page.goto(`/leads-table?lead=${leadId}`);
  await visible(drawer().getByRole('button', { name: 'Log call' }));
};

describe('work is never lost by a key', () => {
  it('the lead drawer: editing the lead, logging a call and adding a task ask before Esc drops them', async () => {
    await openLead();
    // Nothing typed yet: Esc closes the drawer at once.
    await page.keyboard.press('Escape');
    await hidden(drawer());
    expect(page.url()).not.toContain('lead=');

    await openLead();
    await drawer().getByRole('button', { name: 'Edit', exact: true }).click();
    const company = drawer().getByLabel(/^Company Name/);
    await company.fill('Unsaved Holdings');
    await escKeeps(company, 'Unsaved Holdings');
    await escDiscards(drawer());

    await openLead();
    await drawer().getByRole('button', { name: 'Log call' }).click();
    // A dropdown open inside the drawer: Esc closes the dropdown only.
    await drawer()
      .getByLabel(/^Outcome/)
      .first()
      .click();
    await visible(page.getByRole('listbox'));
    await page.keyboard.press('Escape');
    await hidden(page.getByRole('listbox'));
    await page.waitForTimeout(300);
    expect(await confirmBox().count()).toBe(0);
    await visible(drawer());
    const notes = drawer().getByRole('textbox', { name: 'Notes' });
    await notes.fill('Asked for the pricing sheet');
    await escKeeps(notes, 'Asked for the pricing sheet');
    await escDiscards(drawer());

    await openLead();
    await drawer().getByRole('button', { name: 'Add task' }).click();
    const task = drawer().getByLabel('Task', { exact: true });
    await task.fill('Send the pricing sheet');
    await escKeeps(task, 'Send the pricing sheet');
    // A click outside the drawer asks too.
    await page.mouse.click(20, 400);
    await visible(confirmBox());
    await confirmBox().getByRole('button', { name: 'Discard' }).click();
    await hidden(drawer());
  });

  it('a modal opened inside the drawer closes alone on Esc', async () => {
    await openLead();
    await drawer().getByRole('button', { name: 'Convert', exact: true }).click();
    await visible(modal('Convert to client'));
    await page.keyboard.press('Escape');
    await hidden(modal('Convert to client'));
    await page.waitForTimeout(300);
    await visible(drawer());
    await page.keyboard.press('Escape');
    await hidden(drawer());
  });

  it('the meeting, template, webhook and rule modals ask before Esc or Cancel drop their work', async () => {
    await page.goto('/calendar');
    await page.getByRole('button', { name: 'Schedule Meeting' }).click();
    const meeting = modal('Schedule Meeting');
    const title = meeting.getByLabel(/^Meeting Title/);
    await title.fill('Pricing walkthrough');
    await escKeeps(title, 'Pricing walkthrough');
    await meeting.getByRole('button', { name: 'Cancel' }).click();
    await visible(confirmBox());
    await confirmBox().getByRole('button', { name: 'Discard' }).click();
    await hidden(meeting);

    await page.goto('/templates');
    await page.getByRole('button', { name: 'New template' }).click();
    // A clean form closes at once.
    await visible(modal('New template'));
    await page.keyboard.press('Escape');
    await hidden(modal('New template'));
    await page.waitForTimeout(300);
    expect(await confirmBox().count()).toBe(0);
    await page.getByRole('button', { name: 'New template' }).click();
    const name = modal('New template').getByLabel(/^Name/);
    await name.fill('Half a template');
    await escKeeps(name, 'Half a template');
    await escDiscards(modal('New template'));

    await page.goto('/integrations');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const url = modal('Add webhook').getByLabel('URL');
    await url.fill('https://hooks.example.test/leadline');
    await escKeeps(url, 'https://hooks.example.test/leadline');
    await escDiscards(modal('Add webhook'));

    await page.goto('/automation');
    await page.getByRole('button', { name: 'New rule' }).click();
    const rule = modal('New rule');
    // The "When" dropdown: Esc closes it, not the modal.
    await rule.getByLabel('When', { exact: true }).first().click();
    await visible(page.getByRole('listbox'));
    await page.keyboard.press('Escape');
    await hidden(page.getByRole('listbox'));
    await page.waitForTimeout(300);
    await visible(rule);
    expect(await confirmBox().count()).toBe(0);
    const ruleName = rule.getByLabel(/^Name/);
    await ruleName.fill('Half a rule');
    await escKeeps(ruleName, 'Half a rule');
    await escDiscards(rule);
  });

  it('Esc on the lead, user and email forms (pages, not modals) keeps what was typed', async () => {
    await page.goto('/create-lead');
    await page.getByLabel(/^Company Name/).fill('Typed Ltd');
    await page.keyboard.press('Escape');
    expect(await page.getByLabel(/^Company Name/).inputValue()).toBe('Typed Ltd');

    await page.goto('/create-user');
    await page.getByLabel(/^Full name/).fill('Typed Person');
    await page.keyboard.press('Escape');
    expect(await page.getByLabel(/^Full name/).inputValue()).toBe('Typed Person');

    await page.goto(`/send-email-page?leadId=${leadId}`);
    await page.getByLabel(/^Subject/).fill('Typed subject');
    await page.keyboard.press('Escape');
    expect(await page.getByLabel(/^Subject/).inputValue()).toBe('Typed subject');
  });

  it('a half-written campaign is saved as a draft, and a reload mid-edit loses nothing', async () => {
    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'New Campaign' }).click();
    const form = modal('Create New Campaign');
    const name = form.getByLabel(/^Campaign name/);
    await name.fill('Half-built launch');
    await form.getByLabel(/^Email subject/).fill('Launch day, {{firstName}}');
    await escKeeps(name, 'Half-built launch');

    await page.keyboard.press('Escape');
    await visible(confirmBox().getByRole('button', { name: 'Save as draft' }));
    await snap(page, 'unsaved-confirm-1280');
    await snapDark(page, 'unsaved-confirm-1280');
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    await snap(page, 'unsaved-confirm-375');
    await snapDark(page, 'unsaved-confirm-375');
    await page.setViewportSize(DESKTOP);
    await confirmBox().getByRole('button', { name: 'Save as draft' }).click();
    await toast(page, 'Campaign saved as a draft');
    await hidden(form);
    const card = page.getByRole('article', { name: 'Half-built launch' });
    await visible(card);
    await visible(card.getByText('Draft', { exact: true }).first());
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = modal('Edit Campaign');
    expect(await edit.getByLabel(/^Email subject/).inputValue()).toBe('Launch day, {{firstName}}');
    // Nothing changed: Esc closes at once.
    await page.keyboard.press('Escape');
    await hidden(edit);
    expect(await confirmBox().count()).toBe(0);

    // A reload mid-edit: the form offers the work back.
    await page.getByRole('button', { name: 'New Campaign' }).click();
    await form.getByLabel(/^Campaign name/).fill('Reloaded idea');
    await form.getByLabel(/^Description/).fill('Written before the reload');
    await page.reload();
    await page.getByRole('button', { name: 'New Campaign' }).click();
    await visible(form.getByText('Restore your unsaved campaign?'));
    await snap(page, 'unsaved-campaign-restore-1280');
    await form.getByRole('button', { name: 'Restore' }).click();
    expect(await form.getByLabel(/^Campaign name/).inputValue()).toBe('Reloaded idea');
    expect(await form.getByLabel(/^Description/).inputValue()).toBe('Written before the reload');
    await escDiscards(form);
    // Discarded: not offered again.
    await page.getByRole('button', { name: 'New Campaign' }).click();
    await visible(form.getByLabel(/^Campaign name/));
    await page.waitForTimeout(300);
    expect(await form.getByText('Restore your unsaved campaign?').count()).toBe(0);
    await page.keyboard.press('Escape');
    await hidden(form);
    expect(errors).toEqual([]);
  });
});
