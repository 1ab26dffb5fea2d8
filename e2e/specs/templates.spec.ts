import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, signinToken } from '../support/api.ts';
import { snap, snapDark } from '../support/browser.ts';
import { openPhonePage, setUpDemoSession } from '../support/demo-session.ts';
import { DEMO_ADMIN, DEMO_PASSWORD, confirmDialog } from '../support/leads-pages.ts';
import { hidden, pickOption, sidebarLinks, toast, visible } from '../support/pages.ts';

let page: Page;
let errors: string[];
const session = setUpDemoSession((opened) => {
  ({ page, errors } = opened);
});

type DemoLead = { _id: string; personFirstName: string; companyName: string; personEmail: string };
let lead: DemoLead;

beforeAll(async () => {
  const token = await signinToken(session.server, DEMO_ADMIN, DEMO_PASSWORD);
  const answer = await callApi(session.server, '/api/leads?page=1&limit=25', { token });
  lead = (answer.leads as DemoLead[]).find((one) => one.personFirstName && one.companyName)!;
});

const NAME = 'Fair follow-up';
const SUBJECT = 'Hello {{firstName|friend}} at {{companyName}}';
const dialog = () => page.getByRole('dialog');
const card = (name: string) => page.getByRole('article', { name });
const pick = (label: string, option: string) => pickOption(page, label, option, { exact: false });

describe('templates in the browser', () => {
  it('creates a shared template: an unknown merge field is refused, then it is saved', async () => {
    expect(await sidebarLinks(page)).toContain('Templates');
    await page.getByRole('link', { name: 'Templates' }).click();
    await page.waitForURL('**/templates');
    await visible(page.getByText(/No templates yet/));
    await page.getByRole('button', { name: 'New template' }).click();
    await dialog().getByLabel(/^Name/).fill(NAME);
    await dialog()
      .getByLabel(/^Subject/)
      .fill('Hello {{fristName}}');
    await dialog().getByRole('textbox', { name: 'Body' }).fill('Good to meet you at the fair. ');
    await dialog().getByRole('button', { name: 'Your name' }).click();
    await dialog().getByRole('button', { name: 'Create template' }).click();
    await visible(dialog().getByText('Unknown merge field {{fristName}}'));
    await snap(page, 'template-editor-1280');

    await dialog()
      .getByLabel(/^Subject/)
      .fill(SUBJECT);
    await dialog().getByLabel('Share with my organisation').check();
    await dialog().getByRole('button', { name: 'Create template' }).click();
    await toast(page, 'Template created');
    await visible(card(NAME).getByText('Shared'));
    await visible(card(NAME).getByText(`Subject: ${SUBJECT}`));
    await snap(page, 'templates-1280');
    await snapDark(page, 'templates-1280');
  });

  it('previews the template against a chosen lead', async () => {
    await card(NAME).getByRole('button', { name: 'Preview' }).click();
    await dialog().getByLabel('Preview for lead', { exact: true }).first().fill(lead.personEmail);
    await page.getByRole('option', { name: new RegExp(lead.personEmail) }).click();
    await visible(
      dialog().getByText(`Hello ${lead.personFirstName} at ${lead.companyName}`, { exact: true }),
    );
    const frame = page.frameLocator('iframe[title="Template preview"]');
    await visible(frame.getByText(/Good to meet you at the fair\. Ada Admin/));
    await snap(page, 'template-preview-1280');
    await page.keyboard.press('Escape');
    await hidden(dialog());
  });

  it('starts a lead email from the template, merge fields filled in for the lead', async () => {
    await page.goto(`/send-email-page?leadId=${lead._id}`);
    await pick('Start from template', NAME);
    await expect
      .poll(() => page.getByLabel(/^Subject/).inputValue())
      .toBe(`Hello ${lead.personFirstName} at ${lead.companyName}`);
    await visible(page.getByRole('textbox', { name: 'Message' }).getByText(/Ada Admin/));
  });

  it('starts a campaign email and a follow-up from the template', async () => {
    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'New Campaign' }).click();
    await pick('Start from template', NAME);
    await expect.poll(() => dialog().getByLabel('Email subject').inputValue()).toBe(SUBJECT);
    await visible(
      dialog()
        .getByRole('textbox', { name: 'Email body' })
        .getByText(/{{senderName}}/),
    );
    await dialog().getByRole('button', { name: 'Add follow-up' }).click();
    await pick('Follow-up 1: start from template', NAME);
    await visible(
      dialog()
        .getByRole('textbox', { name: 'Follow-up 1 message' })
        .getByText(/Good to meet you at the fair/),
    );
    await page.keyboard.press('Escape');
  });

  it('edits and deletes the template', async () => {
    await page.goto('/templates');
    await card(NAME).getByRole('button', { name: 'Edit' }).click();
    await dialog().getByLabel(/^Name/).fill('Fair follow-up v2');
    await dialog().getByRole('button', { name: 'Save template' }).click();
    await toast(page, 'Template saved');
    await visible(card('Fair follow-up v2'));

    const { phone, small, phoneErrors } = await openPhonePage(session);
    await small.goto('/templates');
    await visible(small.getByRole('article', { name: 'Fair follow-up v2' }));
    await snap(small, 'templates-375');
    await snapDark(small, 'templates-375');
    expect(phoneErrors).toEqual([]);
    await phone.close();

    await card('Fair follow-up v2').getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(
      page,
      '“Fair follow-up v2” is shared: it disappears for everyone in your organisation.',
    );
    await toast(page, 'Template deleted');
    await visible(page.getByText(/No templates yet/));
    expect(errors).toEqual([]);
  });
});
