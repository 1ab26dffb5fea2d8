import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, signinToken } from '../support/api.ts';
import { snap, snapDark } from '../support/browser.ts';
import { openPhonePage, setUpDemoSession } from '../support/demo-session.ts';
import { DEMO_ADMIN, DEMO_PASSWORD } from '../support/leads-pages.ts';
import { toast, visible } from '../support/pages.ts';

let page: Page;
let errors: string[];
const session = setUpDemoSession((opened) => {
  ({ page, errors } = opened);
});

type DemoLead = {
  _id: string;
  personFirstName: string;
  personLastName: string;
  companyName: string;
  clientId: string | null;
};
let lead: DemoLead;

beforeAll(async () => {
  const token = await signinToken(session.server, DEMO_ADMIN, DEMO_PASSWORD);
  const answer = await callApi(session.server, '/api/leads?page=1&limit=25&status=Warm%20Lead', {
    token,
  });
  lead = (answer.leads as DemoLead[]).find((one) => !one.clientId)!;
});

const drawer = () => page.getByRole('dialog');
const notesList = () => drawer().getByRole('list', { name: 'Calls and notes' });

describe('calls, notes and converting a lead in the browser', () => {
  it('logs a call and adds a note from the lead drawer; both list their author', async () => {
    await page.goto(`/leads-table?lead=${lead._id}`);
    await visible(drawer().getByRole('region', { name: 'Calls and notes' }));
    await drawer().getByRole('button', { name: 'Log call' }).click();
    await drawer().getByRole('button', { name: 'Log call' }).click();
    await visible(drawer().getByText('Please choose the call outcome'));
    await drawer()
      .getByLabel(/^Outcome/)
      .first()
      .click();
    await page.getByRole('option', { name: 'Connected' }).click();
    await drawer().getByLabel('Duration (minutes)').fill('12');
    await drawer().getByLabel('Notes', { exact: true }).fill('Talked through the annual plan.');
    await drawer().getByRole('button', { name: 'Log call' }).click();
    await toast(page, 'Call logged');
    const call = notesList().getByRole('listitem').first();
    await visible(call.getByText('Talked through the annual plan.'));
    await visible(call.getByText('12 min'));
    await visible(call.getByText(/^Ada Admin · /));

    await drawer().getByRole('button', { name: 'Add note' }).click();
    await drawer().getByRole('textbox', { name: /^Note/ }).fill('Decision maker is the CFO.');
    await drawer().getByRole('button', { name: 'Save note' }).click();
    await toast(page, 'Note added');
    await visible(
      notesList().getByRole('listitem').first().getByText('Decision maker is the CFO.'),
    );
    // The lead's activity says so too.
    await visible(
      drawer()
        .getByText(/^Call with .+: Connected, 12 min$/)
        .first(),
    );
    await snap(page, 'lead-calls-notes-1280');
    await snapDark(page, 'lead-calls-notes-1280');
  });

  it('converts the lead into a client and links to it', async () => {
    await drawer()
      .getByRole('group', { name: 'Lead actions' })
      .getByRole('button', { name: 'Convert', exact: true })
      .click();
    const modal = page.getByRole('dialog', { name: 'Convert to client' });
    await visible(modal.getByText(new RegExp(`^${lead.companyName} becomes a client`)));
    await modal.getByRole('button', { name: 'Convert' }).click();
    await toast(page, `${lead.companyName} is now a client`);
    await drawer().getByRole('link', { name: 'View client' }).click();
    await page.waitForURL(/\/all-clients\?client=/);
    await snap(page, 'lead-converted-client-1280');
    // The client's drawer (the lead's may still be closing: it names the person too).
    await visible(
      page
        .getByRole('dialog', { name: 'Client details' })
        .getByText(`${lead.personFirstName} ${lead.personLastName}`),
    );
    expect(errors).toEqual([]);
  });

  it('fits a phone screen', async () => {
    const { phone, small, phoneErrors } = await openPhonePage(session);
    await small.goto(`/leads-table?lead=${lead._id}`);
    await visible(small.getByRole('list', { name: 'Calls and notes' }));
    await small.getByRole('button', { name: 'Log call' }).click();
    await visible(small.getByLabel('Duration (minutes)'));
    const overflow = await small.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(small, 'lead-calls-notes-375');
    await snapDark(small, 'lead-calls-notes-375');
    expect(phoneErrors).toEqual([]);
    await phone.close();
  });
});
