import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { INBOX_EMPTY, NO_IMAP_CONFIG } from '@leadline/shared/inbox';
import { postApi, signinToken } from '../support/api.ts';
import { PHONE, launchBrowser, newPage, snap } from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { PASSWORD, signIn, visible } from '../support/pages.ts';

/** The server tests' Dovecot helpers (packages/server/test/mail-servers.ts), loaded at run time. */
type ImapServer = {
  host: string;
  port: number;
  user: string;
  password: string;
  stop: () => Promise<void>;
};
type MailServers = {
  startImapServer: (options?: { password?: string }) => Promise<ImapServer>;
  appendToInbox: (mailbox: ImapServer, messages: readonly string[]) => Promise<number[]>;
};
const MAIL_SERVERS = new URL('../../packages/server/test/mail-servers.ts', import.meta.url).href;

const ROOT = { email: 'root@inbox.test', password: PASSWORD };
const ORG = 'inbox-e2e';
const READER = 'reader@inbox.test';
const EMPTY_READER = 'empty@inbox.test';
const UNCONFIGURED = 'unconfigured@inbox.test';
/** Older emails appended first, so that the two under test are the newest. */
const FILLERS = 26;

let server: RunningServer;
let browser: Browser;
let imap: ImapServer;
let emptyImap: ImapServer;
let tracker: http.Server;
let trackerUrl: string;
/** Every path the tracker was asked for. */
const trackerHits: string[] = [];

const post = (path: string, data: object, token?: string) => postApi(server, path, data, token);

const apiToken = (email: string, password = PASSWORD) => signinToken(server, email, password);

/** An Admin of the organisation (every permission), with IMAP settings when given. */
const createReader = async (rootToken: string, email: string, mailbox?: ImapServer) => {
  const user = { name: 'Iris Inbox', email, password: PASSWORD, role: 'Admin' };
  await post('/api/auth/signup', { ...user, organizationName: ORG }, rootToken);
  if (!mailbox) return;
  const { host, port, user: login, password: pass } = mailbox;
  await post(
    '/api/email/config',
    { imap: { host, port, secure: false, user: login, pass } },
    await apiToken(email),
  );
};

const message = (subject: string, from: string, body: string, html = false) =>
  [
    `From: ${from}`,
    'To: rep@mail.test',
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${Math.random().toString(36).slice(2)}@sender.test>`,
    'MIME-Version: 1.0',
    `Content-Type: text/${html ? 'html' : 'plain'}; charset=utf-8`,
    '',
    body,
  ].join('\r\n');

beforeAll(async () => {
  const { startImapServer, appendToInbox } = (await import(MAIL_SERVERS)) as MailServers;
  tracker = http.createServer((request, response) => {
    trackerHits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/gif', 'access-control-allow-origin': '*' });
    response.end(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
  });
  tracker.listen(0, '127.0.0.1');
  await once(tracker, 'listening');
  trackerUrl = `http://127.0.0.1:${(tracker.address() as AddressInfo).port}`;
  [imap, emptyImap] = await Promise.all([
    startImapServer({ password: 'e2e-imap-pass-Qw2' }),
    startImapServer({ password: 'e2e-empty-pass-Zu8' }),
  ]);
  // The server's start is the slow part and needs the CPU: the browser comes after it.
  server = await startServer({
    env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
  });
  browser = await launchBrowser();
  const rootToken = await apiToken(ROOT.email, ROOT.password);
  await createReader(rootToken, READER, imap);
  await createReader(rootToken, EMPTY_READER, emptyImap);
  await createReader(rootToken, UNCONFIGURED);

  const hostile = `<html><head><script>window.top.document.title = 'pwned'; fetch('${trackerUrl}/script-ran');</script></head>
<body><h1>Big news</h1><p>Our <b>spring</b> catalogue is out.</p>
<img src="${trackerUrl}/pixel.gif" alt="tracking pixel" width="40" height="40">
<img src="x" onerror="window.top.document.title = 'pwned'; fetch('${trackerUrl}/onerror-ran')">
<a href="javascript:window.top.document.title='pwned'">Read more</a></body></html>`;
  await appendToInbox(imap, [
    ...Array.from({ length: FILLERS }, (_, index) =>
      message(`Older note ${index + 1}`, `Filler <filler${index}@sender.test>`, 'An older email.'),
    ),
    message('Welcome aboard', 'Ada Lovelace <ada@sender.test>', 'Glad to work with you, Iris.'),
    message('Tracked newsletter', 'Mallory Marketing <news@sender.test>', hostile, true),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await imap?.stop();
  await emptyImap?.stop();
  tracker?.close();
});

const openInbox = async (page: Page, email: string) => {
  await signIn(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/inbox');
};

const emailRow = (page: Page, subject: string) =>
  page.getByRole('list', { name: 'Emails' }).getByRole('button').filter({ hasText: subject });

describe('inbox', () => {
  it('lists the emails, pages, previews HTML without running its script or loading remote images until asked', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    const trackerRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(trackerUrl)) trackerRequests.push(request.url());
    });
    await openInbox(page, READER);
    await visible(emailRow(page, 'Tracked newsletter'));
    const rows = await page.getByRole('list', { name: 'Emails' }).getByRole('button').all();
    expect(rows.length).toBe(25);
    expect(await rows[0]!.innerText()).toContain('Mallory Marketing');
    expect(await rows[0]!.innerText()).toContain('just now');
    expect(await rows[1]!.innerText()).toContain('Welcome aboard');
    expect(await page.getByTestId('inbox-caption').innerText()).toBe(
      `Showing 25 of ${FILLERS + 2} emails`,
    );
    await page.getByRole('button', { name: 'Load older emails' }).click();
    await visible(page.getByText(`Showing ${FILLERS + 2} of ${FILLERS + 2} emails`));
    expect(await emailRow(page, 'Older note').count()).toBe(FILLERS);
    expect(await page.getByRole('button', { name: 'Load older emails' }).count()).toBe(0);

    // A text email.
    await emailRow(page, 'Welcome aboard').click();
    const preview = page.getByRole('region', { name: 'Email preview' });
    await visible(preview.getByText('Glad to work with you, Iris.'));
    await visible(preview.getByText('From: Ada Lovelace <ada@sender.test>'));

    // The HTML email: shown in the frame, its script and handlers inert, the pixel held back.
    const title = await page.title();
    await emailRow(page, 'Tracked newsletter').click();
    expect(new URL(page.url()).searchParams.get('email')).toMatch(/^\d+$/);
    const frame = page.frameLocator('[data-testid="email-frame"]');
    await visible(frame.getByRole('heading', { name: 'Big news' }));
    await visible(frame.getByText('spring'));
    await visible(preview.getByText(/Remote images are hidden/));
    await snap(page, 'inbox-1280');
    await frame.getByText('Read more').click();
    expect(await page.title()).toBe(title);
    expect(trackerRequests).toEqual([]);
    expect(trackerHits).toEqual([]);

    await preview.getByRole('button', { name: 'Load remote images' }).click();
    await page.waitForFunction(
      () => {
        const frameElement = document.querySelector<HTMLIFrameElement>(
          '[data-testid="email-frame"]',
        );
        // The image belongs to the frame's document: no instanceof across windows.
        const image = frameElement?.contentDocument?.querySelector<HTMLImageElement>(
          'img[alt="tracking pixel"]',
        );
        return Boolean(image?.complete && image.naturalWidth > 0);
      },
      undefined,
      { timeout: 15_000 },
    );
    expect(trackerHits).toEqual(['/pixel.gif']);
    expect(trackerRequests).toEqual([`${trackerUrl}/pixel.gif`]);
    expect(await preview.getByRole('button', { name: 'Load remote images' }).count()).toBe(0);
    expect(await page.title()).toBe(title);
    await snap(page, 'inbox-remote-images-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works at 375 px: the list, then the email with a way back', async () => {
    const { context, page, errors } = await newPage(browser, server.url, PHONE);
    await openInbox(page, READER);
    await visible(emailRow(page, 'Welcome aboard'));
    await snap(page, 'inbox-list-375');
    await emailRow(page, 'Welcome aboard').click();
    const preview = page.getByRole('region', { name: 'Email preview' });
    await visible(preview.getByText('Glad to work with you, Iris.'));
    expect(await emailRow(page, 'Welcome aboard').count()).toBe(0);
    await snap(page, 'inbox-email-375');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Back to inbox' }).click();
    await visible(emailRow(page, 'Welcome aboard'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the empty text, and says what is wrong when no IMAP account is set up', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await openInbox(page, EMPTY_READER);
    await visible(page.getByText(INBOX_EMPTY));
    await context.close();

    const second = await newPage(browser, server.url);
    await openInbox(second.page, UNCONFIGURED);
    const alert = second.page.getByRole('alert').filter({ hasText: 'Could not load the inbox' });
    await visible(alert.getByText(NO_IMAP_CONFIG));
    await visible(
      second.page.locator('.mantine-Notification-root').filter({ hasText: NO_IMAP_CONFIG }),
    );
    await snap(second.page, 'inbox-no-imap-1280');
    await alert.getByRole('link', { name: 'Mail settings' }).click();
    await second.page.waitForURL('**/email/config');
    expect([...errors, ...second.errors]).toEqual([]);
    await second.context.close();
  });
});
