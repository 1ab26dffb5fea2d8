import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
import { hidden, toast, visible } from '../support/pages.ts';
import { DEMO_PASSWORD, confirmDialog, signInDemo } from '../support/leads-pages.ts';
import {
  clickButton,
  fillMailSettings,
  startMailbox,
  writeMessage,
} from '../support/email-pages.ts';
import type { Mailbox } from '../support/email-pages.ts';

/** The server tests' Dovecot helpers (packages/server/test/mail-servers.ts), loaded at run time. */
type ImapServer = {
  host: string;
  port: number;
  user: string;
  password: string;
  stop: () => Promise<void>;
};
type MailServers = {
  startImapServer: (options?: { user?: string; password?: string }) => Promise<ImapServer>;
  appendToInbox: (mailbox: ImapServer, messages: readonly string[]) => Promise<number[]>;
};
const MAIL_SERVERS = new URL('../../packages/server/test/mail-servers.ts', import.meta.url).href;
const imaps: ImapServer[] = [];

/** A plain-text email as a mail server stores it. */
const message = (subject: string, to: string) =>
  [
    'From: Pat Buyer <pat@sender.test>',
    `To: ${to}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${subject.replace(/\W+/g, '-')}@sender.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `This is ${subject}.`,
  ].join('\r\n');

let server: RunningServer;
/** Two SMTP servers on loopback: the user's first mailbox and the one added in the browser. */
let first: Mailbox;
let second: Mailbox;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

const TAG = 'mailboxes';
const ADMIN = { name: 'Nell Boxwell', email: `admin.${TAG}@org.test` };
const ROOT = { email: `root.${TAG}@org.test`, password: 'root-password-1' };
const FIRST = 'first@mail.test';
const SECOND = 'second@mail.test';
const SALES_DESK = 'Sales Desk';
/** The second mailbox's signature: two lines, the card shows the first. */
const SIGNATURE = 'Nell Boxwell\nHead of Sales, Boxwell & Co';

const card = (address: string) => page.getByRole('article', { name: `Mailbox ${address}` });

/** Screenshots at 1280 and 375 px wide, light and dark (the page goes back to 1280). */
const snapAll = async (name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, `${name}-1280`);
  await snapDark(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300); // layout settles at the new width
  await snap(page, `${name}-375`);
  await snapDark(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
};

/** Nothing is wider than the 375 x 740 screen. */
const fitsPhone = async () => {
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.setViewportSize(DESKTOP);
  expect(width).toBeLessThanOrEqual(PHONE.width);
};

const compose = async (subject: string) => {
  await page.getByLabel(/^To/).fill('buyer@elsewhere.test');
  await page.getByLabel(/^Subject/).fill(subject);
  await writeMessage(page, `About ${subject}.`);
  await clickButton(page, 'Send');
  await toast(page, /Email sent/);
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
  // The first mailbox through the one-mailbox API: it is the default.
  await postApi(
    server,
    '/api/email/config',
    {
      smtp: {
        host: first.host,
        port: first.port,
        secure: false,
        user: FIRST,
        pass: first.password,
      },
    },
    await signinToken(server, ADMIN.email, DEMO_PASSWORD),
  );
  browser = await launchBrowser();
  ({ context, page, errors } = await newPage(browser, server.url));
  await signInDemo(page, ADMIN.email);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  for (const imap of imaps) await imap.stop();
  await first?.stop();
  await second?.stop();
});

describe('several mailboxes in the browser', () => {
  snapOnFailure(() => page);

  it('the settings page lists the mailbox; a second one is added through the form', async () => {
    await page.goto('/email/config');
    await visible(page.getByRole('heading', { name: 'Mailboxes' }));
    await visible(card(FIRST).getByText('Default', { exact: true }));
    await visible(card(FIRST).getByText('0 sent today (no limit)'));
    await visible(card(FIRST).getByText(`${first.host}:${first.port}`));
    // One mailbox sends: the composer has no From picker.
    await page.goto('/email-form');
    await visible(page.getByLabel(/^Subject/));
    await hidden(page.getByLabel('From', { exact: true }));

    await page.goto('/email/config');
    await clickButton(page, 'Add mailbox');
    await page.getByLabel('From name').fill(SALES_DESK);
    await fillMailSettings(page, {
      host: second.host,
      port: second.port,
      user: SECOND,
      pass: 'wrong-password',
    });
    await clickButton(page, 'Add mailbox');
    await visible(page.getByText('SMTP login failed: wrong username or password.').first());
    await snapAll('mailboxes-add-failed');
    await page.getByLabel(/^Password/).fill(second.password);
    await page.getByLabel('Daily Limit').fill('40');
    const signature = page.getByRole('textbox', { name: 'Signature' });
    await visible(page.getByText(/^Added to the end of every email sent from this mailbox/));
    await signature.fill(SIGNATURE);
    await visible(page.getByText(`(${SIGNATURE.length} / 2,000 characters)`, { exact: false }));
    await clickButton(page, 'Add mailbox');
    await toast(page, 'Mailbox added');
    await visible(card(SECOND).getByText(SALES_DESK));
    await visible(card(SECOND).getByText('0 of 40 sent today'));
    await hidden(card(SECOND).getByText('Default', { exact: true }));
    await visible(card(FIRST).getByText('None', { exact: true }));
    // Saved: after a reload the card shows its first line, and Edit the whole of it.
    await page.reload();
    await visible(card(SECOND).getByText('Nell Boxwell…', { exact: true }));
    await page.getByRole('button', { name: `Edit mailbox ${SECOND}` }).click();
    await expect.poll(() => signature.inputValue()).toBe(SIGNATURE);
    await clickButton(page, 'Cancel');
    await visible(card(SECOND));
    await snapAll('mailboxes-two');
    await fitsPhone();
  });

  it('makes the second mailbox the default and sends from the From picker', async () => {
    await page.getByRole('button', { name: `Make ${SECOND} the default mailbox` }).click();
    await toast(page, 'Default mailbox changed');
    await visible(card(SECOND).getByText('Default', { exact: true }));
    await hidden(card(FIRST).getByText('Default', { exact: true }));

    await page.goto('/email-form');
    const from = page.getByLabel('From', { exact: true });
    await visible(from);
    // The default is preselected, each option "Name <address>".
    await expect
      .poll(() => from.locator('option:checked').textContent())
      .toBe(`${SALES_DESK} <${SECOND}> (default)`);
    await snapAll('mailboxes-from-picker');
    await compose('Second mailbox hello');
    const [sent] = await second.waitFor(1);
    expect(sent!.from?.value[0]).toMatchObject({ name: SALES_DESK, address: SECOND });
    // Signed in both parts, the HTML escaped.
    expect(sent!.text).toMatch(/\n-- \nNell Boxwell\nHead of Sales, Boxwell & Co$/);
    expect(sent!.html).toContain(
      '<div class="signature">Nell Boxwell<br>Head of Sales, Boxwell &amp; Co</div>',
    );
    expect(first.messages).toHaveLength(0);

    await from.selectOption({ label: `${ADMIN.name} <${FIRST}>` });
    await compose('First mailbox hello');
    const [other] = await first.waitFor(1);
    expect(other!.from?.value[0]).toMatchObject({ name: ADMIN.name, address: FIRST });
    expect(other!.html).not.toContain('signature');
    expect(second.messages).toHaveLength(1);

    // A follow-up preselects nothing: it goes from the first email's mailbox.
    await page.goto('/follow-up');
    const followUpFrom = page.getByLabel('From', { exact: true });
    await expect
      .poll(() => followUpFrom.locator('option:checked').textContent())
      .toBe("The first email's mailbox");
    await visible(page.getByText(/goes from the mailbox the first email went from/));
    await snapAll('mailboxes-follow-up-from');

    await page.goto('/email/config');
    await visible(card(SECOND).getByText('1 of 40 sent today'));
  });

  it('the inbox reads the mailbox picked, kept in the URL', async () => {
    const { startImapServer, appendToInbox } = (await import(MAIL_SERVERS)) as MailServers;
    const firstImap = await startImapServer({ user: FIRST, password: 'imap-first-pass-1' });
    imaps.push(firstImap);
    const secondImap = await startImapServer({ user: SECOND, password: 'imap-second-pass-2' });
    imaps.push(secondImap);
    await appendToInbox(firstImap, [message('Note to the first mailbox', FIRST)]);
    await appendToInbox(secondImap, [message('Note to the second mailbox', SECOND)]);

    // The first mailbox's IMAP through the API, the second's through Edit.
    const token = await signinToken(server, ADMIN.email, DEMO_PASSWORD);
    const { mailboxes } = (await callApi(server, '/api/email/mailboxes', { token })) as {
      mailboxes: { _id: string; email: string }[];
    };
    const firstId = mailboxes.find((mailbox) => mailbox.email === FIRST)!._id;
    const { host, port, user, password: pass } = firstImap;
    await callApi(server, `/api/email/mailboxes/${firstId}`, {
      method: 'PUT',
      token,
      body: { imap: { host, port, secure: false, user, pass } },
    });
    await page.goto('/email/config');
    await page.getByRole('button', { name: `Edit mailbox ${SECOND}` }).click();
    await page.getByText('IMAP (inbox)', { exact: true }).click();
    await visible(page.getByRole('heading', { name: `Add IMAP to ${SECOND}` }));
    await expect.poll(() => page.getByLabel('From name').inputValue()).toBe(SALES_DESK);
    await fillMailSettings(page, {
      host: secondImap.host,
      port: secondImap.port,
      user: SECOND,
      pass: secondImap.password,
    });
    await clickButton(page, 'Save mailbox');
    await toast(page, 'Mailbox saved');
    await visible(card(SECOND).getByText(`${secondImap.host}:${secondImap.port}`));
    await visible(card(FIRST).getByText(`${firstImap.host}:${firstImap.port}`));

    // The default (the second) first; picking the first puts it in the URL.
    await page.goto('/inbox');
    const picker = page.getByRole('combobox', { name: 'Mailbox' });
    await visible(page.getByText('Note to the second mailbox'));
    await picker.selectOption({ label: FIRST });
    await page.waitForURL((url) => url.searchParams.get('mailbox') === firstId);
    await visible(page.getByText('Note to the first mailbox'));
    await hidden(page.getByText('Note to the second mailbox'));
    await snapAll('mailboxes-inbox');
    const opened = page.waitForResponse(
      (response) =>
        /\/api\/email\/inbox\/\d+\?/.test(response.url()) &&
        new URL(response.url()).searchParams.get('mailbox') === firstId,
    );
    await page.getByText('Note to the first mailbox', { exact: true }).click();
    expect((await opened).ok()).toBe(true);
    await visible(page.getByRole('heading', { name: 'Note to the first mailbox' }));
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Note to the first mailbox' }));
    await expect.poll(() => picker.inputValue()).toBe(firstId);
  });

  it('deletes a mailbox after a confirmation naming it (and the next default)', async () => {
    await page.goto('/email/config');
    await page.getByRole('button', { name: `Delete mailbox ${SECOND}` }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(new RegExp(`${FIRST} becomes your default mailbox`)));
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await hidden(dialog);

    await page.getByRole('button', { name: `Delete mailbox ${FIRST}` }).click();
    await confirmDialog(
      page,
      `Delete the mailbox ${FIRST}? Leadline stops sending from it and reading it; the emails it sent stay in the leads' history.`,
      'Delete mailbox',
    );
    await toast(page, 'Mailbox deleted');
    await hidden(card(FIRST));
    await visible(card(SECOND).getByText('Default', { exact: true }));
    await page.goto('/email-form');
    await visible(page.getByLabel(/^Subject/));
    await hidden(page.getByLabel('From', { exact: true }));
    expect(errors).toEqual([]);
  });
});
