import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { postApi, signinToken } from '../support/api.ts';
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
import { hidden, toast, visible } from '../support/pages.ts';
import {
  DEMO_PASSWORD,
  bodyRows,
  confirmDialog,
  signInDemo,
  waitForCaption,
} from '../support/leads-pages.ts';
import {
  clickButton,
  fillMailSettings,
  messageEditor,
  startMailbox,
  writeMessage,
} from '../support/email-pages.ts';
import type { Mailbox } from '../support/email-pages.ts';

let server: RunningServer;
let mailbox: Mailbox;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

const TAG = 'mailweb';
const lead = (first: string, last: string) => ({
  first,
  last,
  name: `${first} ${last}`,
  email: `${first.toLowerCase()}.${TAG}@lead.test`,
});
const AVA = lead('Ava', 'Quill');
const BEN = lead('Ben', 'Rook');
const CORA = lead('Cora', 'Stone');
const DEV = lead('Dev', 'Tarn');
const EVE = lead('Eve', 'Umber');
const FAY = lead('Fay', 'Vale');

/** Screenshots at 1280 and at 375 px wide (the page goes back to 1280 afterwards). */
const snapBoth = async (name: string) => {
  // From the top: a scrolled page pictures the fixed header in the middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300); // layout settles at the new width
  await snap(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
};

const api = (path: string, token: string, body: unknown) => postApi(server, path, body, token);

const searchLeads = async (text: string, total: number) => {
  await page.goto('/leads-table');
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(text);
  // The search reaches the URL after a pause: rows selected before it would be cleared.
  await page.waitForURL((url) => url.searchParams.get('search') === text);
  await waitForCaption(page, (caption) => caption.total === total);
};

/** An input's value, once it has become `value`. */
const expectValue = (label: RegExp, value: string) =>
  expect.poll(() => page.getByLabel(label).inputValue()).toBe(value);

const openSettingsForm = async (protocol: 'SMTP' | 'IMAP') => {
  await page.goto('/email/config');
  await page.getByRole('button', { name: `Configure ${protocol}` }).click();
};

const editSmtp = async (changes: { dailyLimit: string }) => {
  await page.goto('/email/config');
  await page.getByRole('button', { name: 'Edit SMTP configuration' }).click();
  await page.getByLabel('Daily Limit').fill(changes.dailyLimit);
  await clickButton(page, 'Update Configuration');
  await visible(page.getByText('Configuration saved successfully!').first());
};

/** The organisation's Admin, created by the Super Admin through the API. */
const ADMIN = { name: 'Mara Mailweb', email: `admin.${TAG}@org.test` };
const ROOT = { email: `root.${TAG}@org.test`, password: 'root-password-1' };

const apiToken = (email: string, password: string) => signinToken(server, email, password);

/** Each lead's id by its email address (the screens' links name the lead by id). */
const leadIds = new Map<string, string>();
const leadId = (person: { email: string }) => leadIds.get(person.email)!;

beforeAll(async () => {
  mailbox = await startMailbox();
  // No demo data: the server starts quicker on a busy machine, and every lead is the test's.
  server = await startServer({
    env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
  });
  await api('/api/auth/signup', await apiToken(ROOT.email, ROOT.password), {
    ...ADMIN,
    password: DEMO_PASSWORD,
    role: 'Admin',
    organizationName: `${TAG}-co`,
  });
  const token = await apiToken(ADMIN.email, DEMO_PASSWORD);
  for (const person of [AVA, BEN, CORA, DEV, EVE, FAY]) {
    const created = await api('/api/leads', token, {
      companyName: 'Mailweb Testworks',
      personFirstName: person.first,
      personLastName: person.last,
      personEmail: person.email,
      source: 'Referral',
    });
    leadIds.set(person.email, created._id as string);
  }
  browser = await launchBrowser();
  ({ context, page, errors } = await newPage(browser, server.url));
  if (process.env.E2E_CONSOLE) page.on('console', (message) => console.log(message.text()));
  await signInDemo(page, ADMIN.email);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await mailbox?.stop();
});

describe('email screens in the browser', () => {
  snapOnFailure(() => page);

  it('without settings the screens say so: no lead data, no leads, no SMTP', async () => {
    await page.goto('/send-email-page');
    await visible(page.getByText('No lead data found'));
    await snapBoth('send-email-page-no-lead');
    await page.goto('/send-bulk-email');
    await visible(page.getByText('No leads selected. Please go back and select leads.'));
    await visible(page.getByRole('link', { name: 'Back to Leads' }));

    await page.goto('/email-form');
    await page.getByLabel(/^To/).fill('partner@elsewhere.test');
    await page.getByLabel(/^Subject/).fill('Before any settings');
    await writeMessage(page, 'This cannot go out without an SMTP account.');
    await clickButton(page, 'Send');
    await visible(page.getByText('No SMTP configuration found. Configure your mail server first.'));
    await visible(page.getByRole('link', { name: 'Open mail settings' }));
    expect(errors).toEqual([]);
  });

  it('mail settings: the reasons a login fails, then saved, shown, edited', async () => {
    await page.goto('/email/config');
    await visible(page.getByText('Choose Email Protocol'));
    await visible(page.getByRole('button', { name: 'Configure IMAP' }));
    await snapBoth('email-config-choose');

    await page.getByRole('button', { name: 'Configure SMTP' }).click();
    await clickButton(page, 'Save Configuration');
    await visible(page.getByText('Host is required'));
    await visible(page.getByText('Username is required'));
    await visible(page.getByText('Password is required'));

    // A Google or Microsoft host gets the hint before any password is tried.
    await page.getByLabel(/^Host/).fill('smtp.office365.com');
    await visible(page.getByText(/Microsoft 365 is switching password logins off/));
    await page.getByLabel(/^Host/).fill('smtp.gmail.com');
    await visible(page.getByText(/Gmail and Google Workspace take only an app password/));

    await fillMailSettings(page, {
      host: mailbox.host,
      port: mailbox.port,
      user: mailbox.user,
      pass: 'wrong-password',
    });
    await clickButton(page, 'Save Configuration');
    await visible(page.getByText('SMTP login failed: wrong username or password.').first());
    await snapBoth('email-config-wrong-password');

    // TLS towards a server that speaks plain SMTP.
    await page.getByLabel('Use SSL/TLS').check();
    await page.getByLabel(/^Password/).fill(mailbox.password);
    await clickButton(page, 'Save Configuration');
    await visible(page.getByRole('alert').getByText(/TLS/), 40_000);

    await page.getByLabel('Use SSL/TLS').uncheck();
    await clickButton(page, 'Save Configuration');
    await visible(page.getByText('Configuration saved successfully!').first());
    await visible(page.getByRole('button', { name: 'Configure Another' }));
    await snapBoth('email-config-saved');

    await page.getByRole('button', { name: 'View Configurations' }).click();
    const smtp = page.getByRole('region', { name: 'SMTP configuration' });
    await visible(smtp.getByText(mailbox.host));
    await visible(smtp.getByText(String(mailbox.port)));
    await visible(smtp.getByText(mailbox.user));
    await visible(smtp.getByText('No limit'));
    await visible(page.getByText('Add Another Configuration'));
    expect(await page.getByRole('button', { name: 'Configure SMTP' }).count()).toBe(0);
    await visible(page.getByRole('button', { name: 'Configure IMAP' }));
    await snapBoth('email-config-summary');

    // Editing reopens the saved values; a blank password keeps the stored one.
    await page.getByRole('button', { name: 'Edit SMTP configuration' }).click();
    expect(await page.getByLabel(/^Host/).inputValue()).toBe(mailbox.host);
    await visible(page.getByText('Leave blank to keep the saved password'));
    await page.getByLabel('Daily Limit').fill('100');
    await snapBoth('email-config-edit');
    await clickButton(page, 'Update Configuration');
    await visible(page.getByText('Configuration saved successfully!').first());
    await page.getByRole('button', { name: 'View Configurations' }).click();
    await visible(smtp.getByText('100 per day'));
    await visible(smtp.getByText("Today's limit: 100 emails"));

    // Warm-up: a few emails on day one, a few more each day, up to the daily limit.
    await page.getByRole('button', { name: 'Edit SMTP configuration' }).click();
    await page.getByLabel('Warm up this mailbox').check();
    await page.getByLabel('Emails on the first day', { exact: true }).fill('0');
    await clickButton(page, 'Update Configuration');
    await visible(page.getByText('Warm-up starts at 1 to 100,000 emails a day'));
    await page.getByLabel('Emails on the first day', { exact: true }).fill('20');
    await page.getByLabel('More each day', { exact: true }).fill('10');
    await snapBoth('email-config-warmup');
    await clickButton(page, 'Update Configuration');
    await visible(page.getByText('Configuration saved successfully!').first());
    await page.getByRole('button', { name: 'View Configurations' }).click();
    await visible(smtp.getByText('20 on day one, +10 a day'));
    await visible(smtp.getByText("Today's limit: 20 emails"));
    await snapBoth('email-config-warmup-summary');
    // Off again: the sends below are not held back by the ramp.
    await page.getByRole('button', { name: 'Edit SMTP configuration' }).click();
    expect(await page.getByLabel('Emails on the first day', { exact: true }).inputValue()).toBe(
      '20',
    );
    await page.getByLabel('Warm up this mailbox').uncheck();
    await clickButton(page, 'Update Configuration');
    await visible(page.getByText('Configuration saved successfully!').first());
    await page.getByRole('button', { name: 'View Configurations' }).click();
    await visible(smtp.getByText("Today's limit: 100 emails"));

    // A wrong password for IMAP is refused and nothing is saved.
    await openSettingsForm('IMAP');
    await fillMailSettings(page, { host: '127.0.0.1', port: mailbox.port, user: 'x', pass: 'y' });
    await clickButton(page, 'Save Configuration');
    await visible(page.getByRole('alert'), 40_000);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await visible(page.getByRole('button', { name: 'Configure IMAP' }));
    expect(errors).toEqual([]);
  });

  it('emails one lead from the table: checks, sends, arrives, and the row shows it was sent', async () => {
    await searchLeads(AVA.email, 1);
    await page.getByRole('button', { name: `Send email to ${AVA.name}` }).click();
    // The lead is in the URL: a reload or a shared link opens the same one.
    await page.waitForURL((url) => url.pathname === '/send-email-page');
    expect(new URL(page.url()).searchParams.get('leadId')).toBe(leadId(AVA));
    await visible(page.getByText(`You're contacting:`));
    await visible(page.getByText(AVA.email, { exact: true }));
    await visible(messageEditor(page).getByText(`Dear ${AVA.first},`));
    await visible(page.getByText('Online'));
    expect(await page.getByLabel(/^To/).getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel(/^Subject/).getAttribute('maxlength')).toBe('100');

    await clickButton(page, 'Send');
    await visible(page.getByText('Subject is required'));
    await visible(page.getByText('Message must be at least 10 characters'));
    await page.getByLabel(/^Subject/).fill('Hi');
    await clickButton(page, 'Send');
    await visible(page.getByText('Subject must be at least 3 characters'));

    await page.getByLabel(/^Subject/).fill('Quarterly plan for Testworks');
    await writeMessage(page, `Dear ${AVA.first}, here is the plan we discussed on Monday.`);
    await visible(page.getByText('Words').locator('..').getByText('10'));
    await page.getByLabel('Priority').selectOption('high');
    await page.getByLabel('CC', { exact: true }).fill('manager@lead.test');
    await page.getByLabel('Attachments').setInputFiles([
      { name: 'plan.txt', mimeType: 'text/plain', buffer: Buffer.from('The plan, in text.') },
      { name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
    ]);
    await visible(page.getByText('Not attached: tool.exe is not an allowed file type'));
    await visible(page.getByText(/plan\.txt/));
    await snapBoth('send-email-page');

    await clickButton(page, 'Send');
    await toast(page, 'Email sent! Count: 1');
    // Back where the email was started: the table, its search kept.
    await page.waitForURL((url) => url.pathname === '/leads-table', { timeout: 10_000 });
    const [mail] = await mailbox.waitFor(1);
    expect(mail!.subject).toBe('Quarterly plan for Testworks');
    expect(mail!.recipients.sort()).toEqual([AVA.email, 'manager@lead.test'].sort());
    expect(String(mail!.html)).toContain('here is the plan we discussed');
    expect(mail!.attachments.map((file) => file.filename)).toEqual(['plan.txt']);
    expect(mail!.headers.get('priority')).toBe('high');

    await searchLeads(AVA.email, 1);
    // Send stays a button (a new email any time), the sent state beside it.
    await visible(bodyRows(page).getByRole('button', { name: `Send email to ${AVA.name}` }));
    await visible(
      bodyRows(page)
        .locator('[data-sent-state]')
        .getByText(/^(now|\d+m)$/),
    );
    expect(errors).toEqual([]);
  });

  it('follows up from the lead drawer, threaded under the first email', async () => {
    await searchLeads(AVA.email, 1);
    await page.getByRole('button', { name: `View ${AVA.name}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Lead details' });
    await visible(drawer.getByText('Quarterly plan for Testworks'));
    await drawer.getByRole('link', { name: 'Follow up' }).click();
    await page.waitForURL((url) => url.pathname === '/follow-up');
    const followUpUrl = new URL(page.url());
    expect(followUpUrl.searchParams.get('leadId')).toBe(leadId(AVA));
    expect(followUpUrl.searchParams.get('emailId')).toBeTruthy();
    const original = mailbox.messages[0]!.messageId!;
    // The email being answered, above the form; the URL names it, so a reload keeps it.
    const answered = page.getByRole('region', { name: 'Email being followed up' });
    await visible(answered.getByText('Quarterly plan for Testworks', { exact: true }));
    await page.reload();
    await visible(answered.getByText('Quarterly plan for Testworks', { exact: true }));
    await visible(answered.getByText(AVA.email));
    await visible(answered.getByText('Date:'));
    // Its text as it was sent, in the sandboxed email frame.
    const sentText = answered
      .frameLocator('[data-testid="email-frame"]')
      .getByText('here is the plan we discussed on Monday.', { exact: false });
    await visible(sentText);
    await expectValue(/^To/, AVA.email);
    await expectValue(/^Subject/, 'Re: Quarterly plan for Testworks');
    // The Message-IDs are folded into "Advanced": filled in, and shown once it opens.
    await hidden(page.getByLabel(/^In-Reply-To/));
    await expectValue(/^In-Reply-To/, original);
    await page.setViewportSize(PHONE);
    await visible(answered.getByText('Quarterly plan for Testworks', { exact: true }));
    await visible(sentText);
    await page.getByRole('button', { name: 'Advanced' }).click();
    await visible(page.getByLabel(/^In-Reply-To/));
    await visible(page.getByLabel(/^References/));
    await page.setViewportSize(DESKTOP);
    await expectValue(/^In-Reply-To/, original);
    await expectValue(/^References/, original);

    await page.getByLabel(/^To/).fill('');
    await clickButton(page, 'Send Follow-up');
    await visible(page.getByText('Valid recipient email is required'));
    await visible(page.getByText('Message is required'));
    await page.getByLabel(/^To/).fill(AVA.email);
    await writeMessage(page, 'Just checking you saw the plan.');
    await snapBoth('follow-up');
    await snapDark(page, 'follow-up-1280');
    await page.setViewportSize(PHONE);
    await snapDark(page, 'follow-up-375');
    await page.setViewportSize(DESKTOP);
    await clickButton(page, 'Send Follow-up');
    await toast(page, 'Email sent.');
    const messages = await mailbox.waitFor(2);
    expect(messages[1]!.inReplyTo).toBe(original);
    expect(messages[1]!.subject).toBe('Re: Quarterly plan for Testworks');

    // Every field is required.
    await clickButton(page, 'Send Follow-up');
    for (const text of [
      'Valid recipient email is required',
      'Subject is required',
      'Message is required',
      'In-Reply-To is required',
      'References is required',
    ]) {
      await visible(page.getByText(text));
    }
    expect(errors).toEqual([]);
  });

  it('opens /send-email-page?leadId=… from a link and keeps the lead on reload', async () => {
    await page.goto(`/send-email-page?leadId=${leadId(BEN)}`);
    await visible(page.getByRole('heading', { name: `Email ${BEN.first}` }));
    await visible(page.getByText(BEN.email, { exact: true }));
    await page.reload();
    await visible(page.getByRole('heading', { name: `Email ${BEN.first}` }));
    await visible(page.getByText(`You're contacting:`));
    await visible(page.getByText(BEN.email, { exact: true }));
    await visible(page.getByText('Not emailed yet'));
    await visible(messageEditor(page).getByText(`Dear ${BEN.first},`));
    expect(await page.getByLabel(/^To/).inputValue()).toBe(BEN.email);

    // A lead emailed before shows its count after a reload too (the first email and its
    // follow-up).
    await page.goto(`/send-email-page?leadId=${leadId(AVA)}`);
    await page.reload();
    await visible(page.getByText(AVA.email, { exact: true }));
    await visible(page.getByText('Sent 2 times'));

    // An unknown or malformed id finds no lead.
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      await page.goto(`/send-email-page?leadId=${id}`);
      await visible(page.getByText('No lead data found'));
      await page.goto(`/follow-up?leadId=${id}`);
      await visible(page.getByText('No lead data found'));
    }
    expect(errors).toEqual([]);
  });

  it('emails any address from /email-form, with a bcc copy', async () => {
    await page.goto('/email-form');
    await visible(page.getByText('Compose Email'));
    await page.getByLabel(/^To/).fill('not-an-address');
    await page.getByLabel(/^Subject/).fill('Partnership');
    await writeMessage(page, 'We would like to talk about a partnership.');
    await clickButton(page, 'Send');
    await visible(page.getByText('Valid recipient email is required'));
    await page.getByLabel(/^To/).fill('partner@elsewhere.test');
    await page.getByLabel('BCC').fill('boss@elsewhere.test');
    await snapBoth('email-form');
    await clickButton(page, 'Send');
    await toast(page, 'Email sent successfully!');
    const messages = await mailbox.waitFor(3);
    expect(messages[2]!.recipients.sort()).toEqual(
      ['boss@elsewhere.test', 'partner@elsewhere.test'].sort(),
    );
    expect(messages[2]!.headers.get('bcc')).toBeUndefined();
    // After a send: a blank email that opens without a greeting (no name), counted.
    expect(await page.getByLabel(/^Subject/).inputValue()).toBe('');
    await visible(page.getByText('Emails Sent').locator('..').getByText('1', { exact: true }));
    expect(errors).toEqual([]);
  });

  it('bulk email: refuses a mixed selection; runs on the server, survives leaving, summarises', async () => {
    await searchLeads(`.${TAG}@lead.test`, 6);
    await page.getByRole('checkbox', { name: `Select ${AVA.name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${BEN.name}` }).check();
    await visible(page.getByText(/^Some selected leads were already emailed/));
    await page.getByRole('checkbox', { name: `Select ${AVA.name}` }).uncheck();
    await page.getByRole('checkbox', { name: `Select ${CORA.name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${DEV.name}` }).check();
    await page.getByRole('button', { name: 'Send Bulk Email' }).click();
    await page.waitForURL('**/send-bulk-email');
    await visible(page.getByRole('heading', { name: 'Send Bulk Emails' }));
    await visible(page.getByText('3 recipients'));
    await visible(page.getByText('(0 sent)'));
    await visible(messageEditor(page).getByText('Dear {{firstName}},'));

    await clickButton(page, /^Send to 3 leads/);
    await visible(page.getByText('Subject and body are required'));
    await page.getByLabel(/^Subject/).fill('News for {{firstName}}');
    await writeMessage(page, 'Dear {{firstName}}, our spring catalogue is out.');
    // One font control, the single composer's (in the toolbar), at both widths.
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      expect(await page.getByRole('combobox', { name: /font(?! size)/i }).count()).toBe(1);
    }
    await messageEditor(page).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.getByLabel('Font family').selectOption('Georgia');
    await snapBoth('send-bulk-email');
    await snapDark(page, 'send-bulk-email-1280');

    // The mail server holds every message: the run stays in progress while we look.
    mailbox.hold();
    try {
      await clickButton(page, /^Send to 3 leads/);
      const progress = page.getByTestId('bulk-progress');
      await expect.poll(() => progress.innerText(), { timeout: 15_000 }).toBe('0/3 emails sent');
      await visible(page.getByText('In Progress...'));
      await snapBoth('send-bulk-email-progress');

      // Leaving does not stop the run: coming back shows it again.
      await page
        .getByRole('dialog', { name: 'Bulk email progress' })
        .getByRole('button', {
          name: 'Back to Leads',
        })
        .click();
      await page.waitForURL('**/leads-table');
      await page.goto('/send-bulk-email');
      await expect
        .poll(() => page.getByTestId('bulk-progress').innerText(), { timeout: 15_000 })
        .toBe('0/3 emails sent');
    } finally {
      mailbox.release();
    }

    await visible(page.getByText('All 3 emails sent successfully!').first(), 60_000);
    await visible(page.getByText('Bulk email campaign completed! Redirecting...').first());
    await snapBoth('send-bulk-email-summary');
    await page.waitForURL('**/leads-table', { timeout: 15_000 });

    const messages = await mailbox.waitFor(6);
    const bulk = messages.slice(3);
    expect(bulk.map((mail) => mail.subject).sort()).toEqual(
      ['News for Ben', 'News for Cora', 'News for Dev'].sort(),
    );
    const ben = bulk.find((mail) => mail.subject === 'News for Ben')!;
    expect(String(ben.html)).toContain('Dear Ben, our spring catalogue is out.');
    expect(String(ben.html)).toMatch(/font-family:\s*Georgia/);

    // All Sent now: the follow-up run is offered.
    await searchLeads(`.${TAG}@lead.test`, 6);
    await page.getByRole('checkbox', { name: `Select ${BEN.name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${CORA.name}` }).check();
    await page.getByRole('button', { name: 'Send Follow-up Email' }).click();
    await page.waitForURL('**/send-bulk-email');
    await visible(page.getByText('Follow-up', { exact: true }));
    await visible(page.getByText('(2 sent)'));
    await snapBoth('send-bulk-email-followup');
    expect(errors).toEqual([]);
  });

  it('stops a bulk run on request', async () => {
    await searchLeads(FAY.email, 1);
    await page.getByRole('checkbox', { name: `Select ${FAY.name}` }).check();
    await page.getByRole('button', { name: 'Send Bulk Email' }).click();
    await page.getByLabel(/^Subject/).fill('Stop me, {{firstName}}');
    await writeMessage(page, 'Dear {{firstName}}, this run is stopped.');
    mailbox.hold();
    try {
      await clickButton(page, /^Send to 1 lead/);
      await visible(page.getByText('In Progress...'));
      await page.getByRole('button', { name: 'Stop sending' }).click();
      // The run sends nothing more; an email already with the mail server may still arrive.
      await visible(page.getByText('Stopped by the user'), 30_000);
    } finally {
      mailbox.release();
    }
    await snapBoth('send-bulk-email-stopped');
    expect(errors).toEqual([]);
  });

  it('the daily limit stops single and bulk sends with its message', async () => {
    const before = mailbox.messages.length;
    await editSmtp({ dailyLimit: '0' });
    await page.goto('/email-form');
    await page.getByLabel(/^To/).fill('partner@elsewhere.test');
    await page.getByLabel(/^Subject/).fill('Over the limit');
    await writeMessage(page, 'This one should not be sent today.');
    await clickButton(page, 'Send');
    await visible(page.getByText('Daily email limit reached. Please try again tomorrow.'));

    await searchLeads(EVE.email, 1);
    await page.getByRole('checkbox', { name: `Select ${EVE.name}` }).check();
    await page.getByRole('button', { name: 'Send Bulk Email' }).click();
    await page.getByLabel(/^Subject/).fill('Hello {{firstName}}');
    await writeMessage(page, 'Dear {{firstName}}, welcome aboard.');
    await clickButton(page, /^Send to 1 lead/);
    await visible(page.getByText('Daily email limit reached. Please try again tomorrow.'));
    expect(mailbox.messages).toHaveLength(before);
    expect(errors).toEqual([]);
  });

  it('deletes the SMTP settings after a confirmation', async () => {
    await page.goto('/email/config');
    await page.getByRole('button', { name: 'Delete SMTP configuration' }).click();
    await confirmDialog(page, 'Are you sure you want to delete SMTP configuration?');
    await toast(page, 'SMTP configuration deleted successfully!');
    await visible(page.getByText('Choose Email Protocol'));
    await hidden(page.getByRole('region', { name: 'SMTP configuration' }));
    expect(errors).toEqual([]);
  });
});
