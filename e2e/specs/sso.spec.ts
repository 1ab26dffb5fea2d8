import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SSO_CALLBACK_PATH, SSO_ERRORS } from '@leadline/shared/sso';
import { signUpAdmin } from '../support/api.ts';
import { axeFindingsInBothSchemes, describeFinding } from '../support/axe.ts';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newPage,
  snapOnFailure,
  snapSizes,
} from '../support/browser.ts';
import { PASSWORD, signIn, signOut, toast, visible } from '../support/pages.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';

/** The server tests' OpenID Connect provider (packages/server/test/oidc-provider.ts), loaded at run time. */
type OidcProvider = { issuer: string; close: () => Promise<void> };
const OIDC_PROVIDER = new URL('../../packages/server/test/oidc-provider.ts', import.meta.url).href;

const TAG = 'sso';
const ROOT = { email: `root.${TAG}@org.test`, password: PASSWORD };
const ADMIN = { name: 'Ingrid Identity', email: `admin@${TAG}-co.test`, password: PASSWORD };
const NEWCOMER = `newcomer@${TAG}-co.test`;

let server: RunningServer;
let idp: OidcProvider;
let clientId: string;
let clientSecret: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

/** No axe finding at 1280 and 375 px, light and dark; screenshots of all four. */
const checkScreen = async (name: string) => {
  // The toasts close by themselves: they would cover the header's buttons.
  const toasts = page.locator('.mantine-Notification-root');
  while ((await toasts.count()) > 0) await toasts.first().waitFor({ state: 'detached' });
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    const findings = await axeFindingsInBothSchemes(page);
    expect(findings.map((finding) => describeFinding(`${name} ${size.width}`, finding))).toEqual(
      [],
    );
  }
  await snapSizes(page, name);
};

beforeAll(async () => {
  server = await startServer({
    ownPublicUrl: true,
    env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
  });
  const support = (await import(OIDC_PROVIDER)) as {
    startOidcProvider: (redirectUris: string[]) => Promise<OidcProvider>;
    OIDC_CLIENT_ID: string;
    OIDC_CLIENT_SECRET: string;
  };
  idp = await support.startOidcProvider([`${server.url}${SSO_CALLBACK_PATH}`]);
  ({ OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = support);
  await signUpAdmin(server, ROOT, { ...ADMIN, organizationName: `${TAG}-co` });
  browser = await launchBrowser();
  ({ context, page, errors } = await newPage(browser, server.url, DESKTOP, { axe: true }));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await idp?.close();
  await server?.stop();
});

describe('single sign-on', () => {
  snapOnFailure(() => page);

  it('an Admin sets it up on the Single Sign-On page', async () => {
    await signIn(page, ADMIN.email);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    // Listed in the menu; opened by its address (a hovered menu entry changes its colours).
    await visible(page.getByRole('link', { name: 'Single Sign-On' }));
    await page.goto('/single-sign-on');
    await visible(page.getByRole('heading', { name: 'Set up single sign-on' }));
    await visible(page.getByText(`${server.url}${SSO_CALLBACK_PATH}`));
    await checkScreen('sso-settings-empty');

    await page.getByLabel('Issuer URL').fill(idp.issuer);
    await page.getByLabel('Client ID').fill(clientId);
    await page.getByLabel('Client secret').fill(clientSecret);
    const domains = page.getByPlaceholder('example.com');
    await domains.fill(`${TAG}-co.test`);
    await domains.press('Enter');
    await page.getByLabel('Role for new users').selectOption('Sales Manager');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Single sign-on saved');
    await visible(page.getByText('Client secret: a secret is saved.'));
    expect(await page.content()).not.toContain(clientSecret);
    await checkScreen('sso-settings-saved');
  });

  it('a new person signs in with SSO through the provider and lands signed in', async () => {
    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    await page.getByLabel('Work email').fill('someone@elsewhere.test');
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await page.waitForURL('**/login?sso_error=none');
    await visible(page.getByText(SSO_ERRORS.none));
    await checkScreen('sso-signin-error');

    await page.getByLabel('Work email').fill(NEWCOMER);
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    // The provider's own (development) sign-in page, then its consent page.
    await page.waitForURL(`${idp.issuer}/**`);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.origin === server.url && !url.pathname.startsWith('/login'));
    // No ticket left in the address bar or the history.
    expect(page.url()).not.toContain('ticket');
    await toast(page, 'Signed in with SSO');
    await page.goto('/profile');
    await visible(page.getByText(NEWCOMER));
    expect(errors).toEqual([]);
  });
});
