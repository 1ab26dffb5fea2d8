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
import { DEMO_PASSWORD, confirmDialog, signInDemo } from '../support/leads-pages.ts';
import {
  clickButton,
  fillMailSettings,
  startMailbox,
  writeMessage,
} from '../support/email-pages.ts';
import type { Mailbox } from '../support/email-pages.ts';

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
    await clickButton(page, 'Add mailbox');
    await toast(page, 'Mailbox added');
    await visible(card(SECOND).getByText(SALES_DESK));
    await visible(card(SECOND).getByText('0 of 40 sent today'));
    await hidden(card(SECOND).getByText('Default', { exact: true }));
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
    expect(first.messages).toHaveLength(0);

    await from.selectOption({ label: `${ADMIN.name} <${FIRST}>` });
    await compose('First mailbox hello');
    const [other] = await first.waitFor(1);
    expect(other!.from?.value[0]).toMatchObject({ name: ADMIN.name, address: FIRST });
    expect(second.messages).toHaveLength(1);

    await page.goto('/email/config');
    await visible(card(SECOND).getByText('1 of 40 sent today'));
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
