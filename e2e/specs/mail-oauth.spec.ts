import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, postApi, signinToken } from '../support/api.ts';
import { axeFindings, describeFinding } from '../support/axe.ts';
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
import { hidden, visible } from '../support/pages.ts';
import { DEMO_PASSWORD, confirmDialog, signInDemo } from '../support/leads-pages.ts';
import { startOAuthProvider } from '../support/oauth-provider.ts';
import type { OAuthProvider } from '../support/oauth-provider.ts';

let server: RunningServer;
let provider: OAuthProvider;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;

const TAG = 'mailoauth';
const MAILBOX = `rep.${TAG}@oauth.test`;
const ADMIN = { name: 'Olga Oauth', email: `admin.${TAG}@org.test` };
const ROOT = { email: `root.${TAG}@org.test`, password: 'root-password-1' };

/** Screenshots at 1280 and 375 px, light and dark (the page goes back to 1280 afterwards). */
const snapAll = async (name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, `${name}-1280`);
  await snapDark(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await snap(page, `${name}-375`);
  await snapDark(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
};

const expectAccessible = async (where: string) => {
  const findings = await axeFindings(page);
  expect(findings.map((finding) => describeFinding(where, finding))).toEqual([]);
};

const sendStatus = async () =>
  callApi(server, '/api/email/send', {
    method: 'POST',
    token,
    body: { to: 'ada@lead.test', subject: 'Over OAuth', body: '<p>Dear Ada, our proposal.</p>' },
  }).then(
    () => 200,
    (error: Error) => Number(/: (\d{3}) /.exec(error.message)?.[1]),
  );

beforeAll(async () => {
  provider = await startOAuthProvider(MAILBOX);
  server = await startServer({
    ownPublicUrl: true,
    env: { ...provider.env, SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
  });
  await postApi(
    server,
    '/api/auth/signup',
    { ...ADMIN, password: DEMO_PASSWORD, role: 'Admin', organizationName: `${TAG}-co` },
    await signinToken(server, ROOT.email, ROOT.password),
  );
  token = await signinToken(server, ADMIN.email, DEMO_PASSWORD);
  browser = await launchBrowser();
  ({ context, page, errors } = await newPage(browser, server.url, DESKTOP, { axe: true }));
  await signInDemo(page, ADMIN.email);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await provider?.stop();
});

describe('Connect a mailbox with OAuth in the browser', () => {
  snapOnFailure(() => page);

  it('shows only the configured provider and the redirect URI, and connects through the provider', async () => {
    await page.goto('/email/config');
    const connect = page.getByRole('button', { name: 'Connect Test Mail' });
    await visible(connect);
    await hidden(page.getByRole('button', { name: 'Connect Google' }));
    await hidden(page.getByRole('button', { name: 'Connect Microsoft 365' }));
    await visible(page.getByText(`${server.url}/api/email/oauth/callback`));
    await expectAccessible('mail settings with Connect');
    await snapAll('mail-oauth-connect');

    await connect.click();
    await page.waitForURL(
      (url) => url.pathname === '/email/config' && url.search.includes('oauth'),
    );
    await visible(page.getByText('Mailbox connected').first());
    await visible(page.getByText(MAILBOX));
    await visible(page.getByText('Connected', { exact: true }));
    await expectAccessible('mail settings, connected');
    await snapAll('mail-oauth-connected');
    expect(await sendStatus()).toBe(200);
    expect(provider.logins).toContain(MAILBOX);
    expect(errors).toEqual([]);
  });

  it('a revoked grant shows the banner and Reconnect needed; connecting again clears it', async () => {
    provider.codeTokenLife = 1;
    await page.goto('/email/config');
    await page.getByRole('button', { name: 'Reconnect Test Mail' }).click();
    await page.waitForURL((url) => url.searchParams.get('oauth') === 'connected');
    await visible(page.getByText('Mailbox connected').first());
    provider.revoked = true;
    expect(await sendStatus()).toBe(409);

    await page.goto('/email/config');
    await visible(page.getByRole('alert').filter({ hasText: 'Reconnect your mailbox' }));
    await visible(page.getByText('Reconnect needed'));
    await expectAccessible('mail settings, reconnect needed');
    await snapAll('mail-oauth-reconnect');

    provider.revoked = false;
    provider.codeTokenLife = 3600;
    await page.getByRole('button', { name: 'Reconnect Test Mail' }).click();
    await visible(page.getByText('Connected', { exact: true }));
    await hidden(page.getByText('Reconnect needed'));
    expect(await sendStatus()).toBe(200);
  });

  it('a declined sign-in says so in words; Disconnect removes the mailbox', async () => {
    await page.goto(
      '/email/config?oauth=failed&message=You%20declined%20access%2C%20so%20the%20mailbox%20was%20not%20connected.',
    );
    await visible(page.getByText('You declined access, so the mailbox was not connected.'));
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await hidden(page.getByText('You declined access, so the mailbox was not connected.'));

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await confirmDialog(
      page,
      `Disconnect ${MAILBOX}? Leadline stops sending and reading mail with it.`,
      'Disconnect',
    );
    await hidden(page.getByText(MAILBOX));
    await visible(page.getByRole('button', { name: 'Connect Test Mail' }));
    expect(errors).toEqual([]);
  });
});
