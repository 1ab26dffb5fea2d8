import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { callApi, postApi, signinToken } from '../support/api.ts';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newPage,
  snap,
  snapDark,
  snapOnFailure,
} from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { hidden, pickOption, toast, visible } from '../support/pages.ts';
import { DEMO_PASSWORD, bodyRows, signInDemo, waitForCaption } from '../support/leads-pages.ts';
import { clickButton, messageEditor, startMailbox } from '../support/email-pages.ts';
import type { Mailbox } from '../support/email-pages.ts';

/*
 * The lead drawer's action bar (issue 25): in the window when the drawer opens at 1280x800
 * and 375x740, each action one click to its form, and a new email with a template to a lead
 * already emailed, the table's Send still a button afterwards with the sent state beside it.
 */

let server: RunningServer;
let mailbox: Mailbox;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;

const TAG = 'leadbar';
const ADMIN = { name: 'Lena Leadbar', email: `admin.${TAG}@org.test` };
const ROOT = { email: `root.${TAG}@org.test`, password: 'root-password-1' };
const TEMPLATE = { name: 'Second touch', subject: 'News for {{companyName}}' };

type Person = { first: string; last: string; email: string; company: string; id?: string };
const person = (first: string, last: string, domain = 'lead.test'): Person => ({
  first,
  last,
  email: `${first.toLowerCase()}.${TAG}@${domain}`,
  company: `${first} Works`,
});
/** Emailed once before the test: the bar's Email sends it a second, new one. */
const ALMA = person('Alma', 'Reed');
/** Called, noted, given a task, moved to Qualified and converted. */
const BRUNO = person('Bruno', 'Sato');
/** Its domain is on the suppression list: Email is disabled, saying why. */
const CLEO = person('Cleo', 'Vance', 'blocked-leadbar.test');

const api = (path: string, body: unknown) => postApi(server, path, body, token);
const drawer = (on: Page = page) => on.getByRole('dialog', { name: 'Lead details' });
const bar = (on: Page = page) => drawer(on).getByRole('group', { name: 'Lead actions' });
/** One of the bar's buttons by its name (Status's name says the lead's status: "Status: …"). */
const action = (name: string, on: Page = page) =>
  name === 'Status'
    ? bar(on).getByRole('button', { name: /^Status: / })
    : bar(on).getByRole('button', { name, exact: true });

/** The element's box lies wholly inside the window (nothing to scroll to reach it). */
const expectInWindow = async (locator: Locator, window: { width: number; height: number }) => {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(window.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(window.height);
};

const openDrawer = async (who: Person, on: Page = page) => {
  await on.goto(`/leads-table?lead=${who.id}`);
  await visible(drawer(on).getByText(`${who.first} ${who.last}`).first());
  await visible(bar(on));
};

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startServer({
    env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
  });
  await postApi(
    server,
    '/api/auth/signup',
    { ...ADMIN, password: DEMO_PASSWORD, role: 'Admin', organizationName: `${TAG}-co` },
    await signinToken(server, ROOT.email, ROOT.password),
  );
  token = await signinToken(server, ADMIN.email, DEMO_PASSWORD);
  await api('/api/email/config', {
    smtp: {
      host: mailbox.host,
      port: mailbox.port,
      secure: false,
      user: mailbox.user,
      pass: mailbox.password,
    },
  });
  for (const who of [ALMA, BRUNO, CLEO]) {
    const created = await api('/api/leads', {
      companyName: who.company,
      industry: 'Software',
      personFirstName: who.first,
      personLastName: who.last,
      personEmail: who.email,
      source: 'Referral',
    });
    who.id = created._id as string;
  }
  await api(`/api/leads/${ALMA.id}/send-mail`, {
    subject: 'First contact',
    body: '<p>Hello Alma, a first word from us.</p>',
  });
  await mailbox.waitFor(1);
  await api('/api/suppression', { entries: ['@blocked-leadbar.test'] });
  await api('/api/templates', {
    ...TEMPLATE,
    body: '<p>Hi {{firstName}}, we have news for {{companyName}}.</p>',
  });
  browser = await launchBrowser();
  ({ context, page, errors } = await newPage(browser, server.url));
  await signInDemo(page, ADMIN.email);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await mailbox?.stop();
});

describe('the lead drawer action bar', () => {
  snapOnFailure(() => page);

  it('opens on the bar, in the window at 1280x800, every action shown to an Admin', async () => {
    await openDrawer(BRUNO);
    await expectInWindow(bar(), DESKTOP);
    const names = await bar().getByRole('button').allInnerTexts();
    expect(names.map((text) => text.trim())).toEqual([
      'Email',
      'Call',
      'Note',
      'Task',
      'Status',
      'Convert',
    ]);
    await snap(page, 'lead-actions-1280');
    await snapDark(page, 'lead-actions-1280');
  });

  it('logs a call, adds a note and creates a task, each one click to its form', async () => {
    await action('Call').click();
    const callForm = drawer().getByRole('region', { name: 'Log a call' });
    await visible(callForm);
    await expectInWindow(callForm.getByLabel(/^Outcome/).first(), DESKTOP);
    expect(await action('Call').getAttribute('aria-expanded')).toBe('true');
    await callForm
      .getByLabel(/^Outcome/)
      .first()
      .click();
    await page.getByRole('option', { name: 'Connected' }).click();
    await callForm.getByLabel('Notes', { exact: true }).fill('Walked through the offer.');
    await snap(page, 'lead-actions-call-1280');
    await callForm.getByRole('button', { name: 'Log call' }).click();
    await toast(page, 'Call logged');
    await hidden(callForm);
    const notes = drawer().getByRole('list', { name: 'Calls and notes' });
    await visible(notes.getByText('Walked through the offer.'));

    await action('Note').click();
    const noteForm = drawer().getByRole('region', { name: 'Add a note' });
    // The form's field has the focus: typing goes straight in.
    await expect
      .poll(() => noteForm.getByRole('textbox').evaluate((box) => box === document.activeElement))
      .toBe(true);
    await page.keyboard.type('Budget approved for Q3.');
    await noteForm.getByRole('button', { name: 'Save note' }).click();
    await toast(page, 'Note added');
    await visible(notes.getByText('Budget approved for Q3.'));

    await action('Task').click();
    const taskForm = drawer().getByRole('region', { name: 'Add a task' });
    await taskForm.getByLabel('Task', { exact: true }).fill('Send the contract draft');
    await taskForm.getByRole('button', { name: 'Add task' }).click();
    await toast(page, 'Task added');
    await visible(
      drawer().getByRole('list', { name: 'Open tasks' }).getByText('Send the contract draft'),
    );
    expect(errors).toEqual([]);
  });

  it('changes the status from its menu and converts the lead into a client', async () => {
    await action('Status').click();
    await page.getByRole('menuitem', { name: 'Qualified' }).click();
    await toast(page, 'Status of Bruno updated to Qualified');
    await visible(bar().getByRole('button', { name: 'Status: Qualified' }));

    await action('Convert').click();
    const modal = page.getByRole('dialog', { name: 'Convert to client' });
    await visible(modal.getByText(new RegExp(`^${BRUNO.company} becomes a client`)));
    await modal.getByRole('button', { name: 'Convert', exact: true }).click();
    await toast(page, `${BRUNO.company} is now a client`);
    await hidden(modal);
    // Converted: Convert stays in its place, disabled, and says why.
    await expect.poll(() => action('Convert').getAttribute('aria-disabled')).toBe('true');
    await action('Convert').hover();
    await visible(page.getByRole('tooltip').getByText('already converted into a client'));
    await visible(drawer().getByRole('link', { name: 'View client' }));
    const converted = await callApi(server, `/api/leads/${BRUNO.id}`, { token });
    expect(converted).toMatchObject({ status: 'Qualified' });
    expect(converted.clientId).toEqual(expect.any(String));
    expect(errors).toEqual([]);
  });

  it('disables Email for a suppressed address, saying why', async () => {
    await openDrawer(CLEO);
    await expect.poll(() => action('Email').getAttribute('aria-disabled')).toBe('true');
    const reason = `${CLEO.email} is on the suppression list (its domain @blocked-leadbar.test): it cannot be emailed`;
    const described = await action('Email').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe(reason);
    // A click does nothing (aria-disabled: Playwright would wait for it to be enabled).
    await action('Email').click({ force: true });
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/leads-table');
    await action('Email').hover();
    await visible(page.getByRole('tooltip').getByText(reason));
    await snap(page, 'lead-actions-email-disabled-1280');
  });

  it('sends a new email with a template to a lead already emailed, back to its drawer', async () => {
    await openDrawer(ALMA);
    await action('Email').click();
    await page.waitForURL((url) => url.pathname === '/send-email-page');
    expect(new URL(page.url()).searchParams.get('leadId')).toBe(ALMA.id);
    await visible(page.getByText('Sent 1 time'));
    await pickOption(page, 'Start from template', TEMPLATE.name, { exact: false });
    await expect
      .poll(() => page.getByLabel(/^Subject/).inputValue())
      .toBe(`News for ${ALMA.company}`);
    await visible(messageEditor(page).getByText(`Hi Alma, we have news for ${ALMA.company}.`));
    await clickButton(page, 'Send');
    await toast(page, 'Email sent! Count: 2');
    const [, second] = await mailbox.waitFor(2);
    expect(second!.subject).toBe(`News for ${ALMA.company}`);
    expect(second!.recipients).toEqual([ALMA.email]);
    expect(second!.inReplyTo).toBeUndefined();

    // Back in the lead's drawer, the new email listed first.
    await page.waitForURL((url) => url.searchParams.get('lead') === ALMA.id, { timeout: 10_000 });
    const emails = drawer().getByRole('region', { name: 'Emails' });
    await visible(emails.getByRole('listitem').first().getByText(`News for ${ALMA.company}`));
    // Follow-ups stay in the thread, with templates too.
    await emails.getByRole('link', { name: 'Follow up' }).first().click();
    await page.waitForURL((url) => url.pathname === '/follow-up');
    await pickOption(page, 'Start from template', TEMPLATE.name, { exact: false });
    await visible(messageEditor(page).getByText(`Hi Alma, we have news for ${ALMA.company}.`));
    expect(await page.getByLabel(/^Subject/).inputValue()).toBe(`Re: News for ${ALMA.company}`);
    expect(errors).toEqual([]);
  });

  it("keeps the table's Send a button after the emails, the sent state beside it", async () => {
    await page.goto('/leads-table');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(ALMA.email);
    await waitForCaption(page, (caption) => caption.total === 1);
    const row = bodyRows(page).first();
    const send = row.getByRole('button', { name: `Send email to ${ALMA.first} ${ALMA.last}` });
    await visible(send);
    const sent = row.locator('[data-sent-state]');
    await visible(sent);
    expect(await sent.getAttribute('title')).toMatch(/^Emailed 2 times, last on /);
    await visible(sent.getByText(/^(now|\d+m)$/));
    await expectInWindow(send, DESKTOP);
    await snap(page, 'lead-actions-table-1280');
    await snapDark(page, 'lead-actions-table-1280');
    await send.click();
    await page.waitForURL((url) => url.pathname === '/send-email-page');
    await visible(page.getByText('Sent 2 times'));
    expect(errors).toEqual([]);
  });

  it('fits 375x740: the bar in the window, one tap to a form, Send and its state on the cards', async () => {
    const phone = await browser.newContext({
      baseURL: server.url,
      viewport: PHONE,
      storageState: await context.storageState(),
    });
    const small = await phone.newPage();
    const phoneErrors: string[] = [];
    small.on('pageerror', (error) => phoneErrors.push(error.message));
    await openDrawer(ALMA, small);
    await expectInWindow(bar(small), PHONE);
    for (const name of ['Email', 'Call', 'Note', 'Task', 'Status', 'Convert'])
      await expectInWindow(action(name, small), PHONE);
    await snap(small, 'lead-actions-375');
    await snapDark(small, 'lead-actions-375');
    await action('Call', small).click();
    await visible(drawer(small).getByRole('region', { name: 'Log a call' }));
    await expectInWindow(drawer(small).getByLabel('Duration (minutes)'), PHONE);
    const overflow = await small.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(small, 'lead-actions-call-375');
    await action('Call', small).click();
    await hidden(drawer(small).getByRole('region', { name: 'Log a call' }));
    // Keyboard: Tab reaches the bar's buttons, Enter opens the Note form.
    await action('Note', small).focus();
    await small.keyboard.press('Enter');
    await visible(drawer(small).getByRole('region', { name: 'Add a note' }));

    await small.goto(`/leads-table?search=${encodeURIComponent(ALMA.email)}`);
    const card = small.locator('[data-lead-card]').first();
    await visible(card.getByRole('button', { name: `Send email to ${ALMA.first} ${ALMA.last}` }));
    await visible(card.locator('[data-sent-state]'));
    await snap(small, 'lead-actions-cards-375');
    await snapDark(small, 'lead-actions-cards-375');
    expect(phoneErrors).toEqual([]);
    await phone.close();
  });
});
