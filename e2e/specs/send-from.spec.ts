// "Send from" in the browser: the campaign form's mailbox picker (kept when the campaign is
// reopened, and the mailboxes the loopback SMTP servers see the campaign's emails arrive on)
// and the bulk email page's From picker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { postApi, signinToken } from '../support/api.ts';
import { axeFindings } from '../support/axe.ts';
import { DESKTOP, launchBrowser, newPage, snapOnFailure } from '../support/browser.ts';
import { clickButton, startMailbox, writeMessage } from '../support/email-pages.ts';
import type { Mailbox } from '../support/email-pages.ts';
import {
  DEMO_PASSWORD,
  confirmDialog,
  signInDemo,
  waitForCaption,
} from '../support/leads-pages.ts';
import { hidden, toast, visible } from '../support/pages.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let first: Mailbox;
let second: Mailbox;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;

const TAG = 'sendfrom';
const ADMIN = { name: 'Sol Fromer', email: `admin.${TAG}@org.test` };
const ROOT = { email: `root.${TAG}@org.test`, password: 'root-password-1' };
const FIRST = 'first@sendfrom.test';
const SECOND = 'second@sendfrom.test';
const SALES_DESK = 'Sales Desk';
/** The campaign picker's options: the first mailbox has no from name of its own. */
const FIRST_OPTION = `${FIRST} (default)`;
const SECOND_OPTION = `${SALES_DESK} <${SECOND}>`;

const lead = (first: string) => ({ first, email: `${first.toLowerCase()}.${TAG}@lead.test` });
/** One mailbox's campaign; spread over both mailboxes; all from the second; the bulk email's. */
const DEFAULT = [lead('Jo')];
const BOTH = ['Abe', 'Bea', 'Cal', 'Dot'].map(lead);
const ONE = ['Eli', 'Flo'].map(lead);
const BULK = ['Gus', 'Hal', 'Ida'].map(lead);

const dialog = () => page.getByRole('dialog');
const card = (name: string) => page.getByRole('article', { name, exact: true });
const sendFrom = () => dialog().getByLabel('Send from', { exact: true });

/** axe-core finds nothing serious on the page as it is. */
const noAxeFindings = async () => expect(await axeFindings(page)).toEqual([]);

/** Every message a mailbox received for these leads, by lead address. */
const receivedBy = (box: Mailbox, leads: readonly { email: string }[]) =>
  box.messages.filter((mail) => leads.some((one) => mail.recipients.includes(one.email)));

/** Waits until the two mailboxes together hold `count` messages for the leads. */
const waitForBoth = (leads: readonly { email: string }[], count: number) =>
  expect
    .poll(() => receivedBy(first, leads).length + receivedBy(second, leads).length, {
      timeout: 60_000,
      interval: 200,
    })
    .toBe(count);

/** The From header each message shows: name and address. */
const fromOf = (mails: Mailbox['messages']) =>
  mails
    .map((mail) => mail.from?.value[0])
    .map((from) => ({ name: from?.name, address: from?.address }));

/** Opens the New Campaign form once its mailbox list has arrived. */
const openNewCampaign = async () => {
  await page.goto('/campaigns');
  const listed = page.waitForResponse((response) =>
    response.url().endsWith('/api/email/mailboxes'),
  );
  await page.getByRole('button', { name: 'New Campaign' }).click();
  await visible(dialog().getByText('Create New Campaign'));
  expect((await listed).ok()).toBe(true);
};

/** Fills a campaign that sends at once, at any hour, without gaps, to `leads`. */
const fillCampaign = async (name: string, leads: readonly { first: string }[]) => {
  await dialog().getByLabel('Campaign name').fill(name);
  await dialog().getByLabel('Email subject').fill(`${name} for {{firstName}}`);
  await dialog().getByRole('textbox', { name: 'Email body' }).fill('Hi {{firstName}}, a note.');
  const picker = dialog().getByLabel('Leads', { exact: true });
  for (const one of leads) {
    await picker.fill(one.first);
    await page.getByRole('option', { name: new RegExp(`^${one.first} Tester`) }).click();
  }
  await dialog().getByLabel('Send only in a sending window').click();
  await dialog().getByLabel('Shortest gap (seconds)').fill('0');
  await dialog().getByLabel('Longest gap (seconds)').fill('0');
};

/** Picks the options in the Send from field and closes its list. */
const chooseSendFrom = async (options: readonly string[]) => {
  await sendFrom().click();
  for (const option of options)
    await page.getByRole('option', { name: option, exact: true }).click();
  await dialog().getByLabel('Campaign name').click();
  await hidden(page.getByRole('listbox'));
};

/** The options the Send from field shows chosen (its pills; the Leads field has its own). */
const chosenSendFrom = () =>
  sendFrom()
    .locator('xpath=ancestor::*[contains(@class, "mantine-MultiSelect-root")][1]')
    .locator('.mantine-MultiSelect-pill')
    .evaluateAll((pills) => pills.map((pill) => pill.textContent?.trim()));

/** Reopens a campaign's edit form: the Send from field shows `options` chosen. */
const expectKept = async (name: string, options: readonly string[]) => {
  await page.goto('/campaigns');
  await card(name).getByRole('button', { name: 'Edit' }).click();
  await visible(dialog().getByText('Edit Campaign'));
  await visible(sendFrom());
  await expect.poll(chosenSendFrom).toEqual([...options]);
  await page.keyboard.press('Escape');
  await hidden(dialog());
};

const sendCampaign = async (name: string) => {
  await card(name).getByRole('button', { name: 'Send' }).click();
  await confirmDialog(page, 'Send this campaign now?', 'Send');
  await toast(page, 'Campaign sent successfully!');
};

beforeAll(async () => {
  first = await startMailbox(FIRST, 'first-password-1');
  second = await startMailbox(SECOND, 'second-password-2');
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
  // One mailbox at first, through the one-mailbox API: the default.
  const { host, port, password } = first;
  await postApi(
    server,
    '/api/email/config',
    { smtp: { host, port, secure: false, user: FIRST, pass: password } },
    token,
  );
  for (const one of [...DEFAULT, ...BOTH, ...ONE, ...BULK])
    await postApi(
      server,
      '/api/leads',
      {
        companyName: 'Send From Co',
        personFirstName: one.first,
        personLastName: 'Tester',
        personEmail: one.email,
        source: 'Referral',
      },
      token,
    );
  browser = await launchBrowser();
  ({ context, page, errors } = await newPage(browser, server.url, DESKTOP, { axe: true }));
  await signInDemo(page, ADMIN.email);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await first?.stop();
  await second?.stop();
});

describe('Send from in the browser', () => {
  snapOnFailure(() => page);

  it('one mailbox: no Send from picker, and the campaign goes from the default', async () => {
    await openNewCampaign();
    await fillCampaign('Default box', DEFAULT);
    // The form's mailbox list arrived well before: the field is left out, not loading.
    expect(await sendFrom().count()).toBe(0);
    expect(await dialog().getByText('Send from', { exact: true }).count()).toBe(0);
    await dialog().getByRole('button', { name: 'Create Campaign' }).click();
    await toast(page, 'Campaign created');
    await sendCampaign('Default box');
    await waitForBoth(DEFAULT, 1);
    expect(fromOf(receivedBy(first, DEFAULT))).toEqual([{ name: ADMIN.name, address: FIRST }]);

    // The second mailbox, with a from name of its own.
    await postApi(
      server,
      '/api/email/mailboxes',
      {
        smtp: {
          host: second.host,
          port: second.port,
          secure: false,
          user: SECOND,
          pass: second.password,
        },
        fromName: SALES_DESK,
      },
      token,
    );
    expect(errors).toEqual([]);
  });

  it('a campaign from both mailboxes keeps the choice and spreads its leads over them', async () => {
    await openNewCampaign();
    await fillCampaign('Both boxes', BOTH);
    await visible(sendFrom());
    await chooseSendFrom([FIRST_OPTION, SECOND_OPTION]);
    await noAxeFindings();
    await dialog().getByRole('button', { name: 'Create Campaign' }).click();
    await toast(page, 'Campaign created');
    await expectKept('Both boxes', [FIRST_OPTION, SECOND_OPTION]);

    await sendCampaign('Both boxes');
    await waitForBoth(BOTH, 4);
    // Unlimited both: the leads are spread evenly, each email from its own mailbox.
    const fromFirst = receivedBy(first, BOTH);
    const fromSecond = receivedBy(second, BOTH);
    expect(fromFirst).toHaveLength(2);
    expect(fromSecond).toHaveLength(2);
    expect(fromOf(fromFirst)).toEqual(Array(2).fill({ name: ADMIN.name, address: FIRST }));
    expect(fromOf(fromSecond)).toEqual(Array(2).fill({ name: SALES_DESK, address: SECOND }));
    expect(errors).toEqual([]);
  });

  it('a campaign from the second mailbox alone sends every email from it', async () => {
    await openNewCampaign();
    await fillCampaign('Second box', ONE);
    await chooseSendFrom([SECOND_OPTION]);
    await dialog().getByRole('button', { name: 'Create Campaign' }).click();
    await toast(page, 'Campaign created');
    await expectKept('Second box', [SECOND_OPTION]);

    await sendCampaign('Second box');
    await waitForBoth(ONE, 2);
    expect(receivedBy(first, ONE)).toHaveLength(0);
    expect(fromOf(receivedBy(second, ONE))).toEqual(
      Array(2).fill({ name: SALES_DESK, address: SECOND }),
    );
    expect(errors).toEqual([]);
  });

  it('the bulk email goes from the mailbox picked in From', async () => {
    await page.goto('/leads-table');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('Tester');
    await page.waitForURL((url) => url.searchParams.get('search') === 'Tester');
    await waitForCaption(page, (caption) => caption.total === 10);
    for (const one of BULK)
      await page.getByRole('checkbox', { name: `Select ${one.first} Tester` }).check();
    await page.getByRole('button', { name: 'Send Bulk Email' }).click();
    await page.waitForURL('**/send-bulk-email');
    await visible(page.getByText('3 recipients'));

    const from = page.getByLabel('From', { exact: true });
    await visible(from);
    // The default first; each option "Name <address>".
    await expect
      .poll(() => from.locator('option:checked').textContent())
      .toBe(`${ADMIN.name} <${FIRST}> (default)`);
    await from.selectOption({ label: SECOND_OPTION });
    await page.getByLabel(/^Subject/).fill('Bulk for {{firstName}}');
    await writeMessage(page, 'Dear {{firstName}}, a bulk note.');
    await noAxeFindings();
    await clickButton(page, /^Send to 3 leads/);
    await visible(page.getByText('All 3 emails sent successfully!').first(), 60_000);

    await waitForBoth(BULK, 3);
    expect(receivedBy(first, BULK)).toHaveLength(0);
    const bulk = receivedBy(second, BULK);
    expect(fromOf(bulk)).toEqual(Array(3).fill({ name: SALES_DESK, address: SECOND }));
    expect(bulk.map((mail) => mail.subject).sort()).toEqual(
      BULK.map((one) => `Bulk for ${one.first}`).sort(),
    );
    expect(errors).toEqual([]);
  });
});
