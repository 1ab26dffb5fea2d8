import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { postApi, signinToken } from '../support/api.ts';
import { axeFindings, axeFindingsInBothSchemes } from '../support/axe.ts';
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
import { PASSWORD, hidden, signIn, toast, visible } from '../support/pages.ts';

/*
 * Saved views (issue 28, part 4) in the browser: the leads list's filters and columns saved by
 * name and shared, in the navigation with a live count, opened again with its columns, updated
 * and deleted; a phone.
 */

const ROOT = { email: 'root@views.test', password: PASSWORD };
const ADMIN = { name: 'Vera Admin', email: 'vera@views.test' };

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let admin: string;

const lead = (email: string, status: string) =>
  postApi(
    server,
    '/api/leads',
    {
      source: 'Referral',
      companyName: 'Kestrel AB',
      personFirstName: 'Åsa',
      personLastName: 'Lind',
      personEmail: email,
      status,
    },
    admin,
  );

beforeAll(async () => {
  server = await startServer({
    env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
  });
  browser = await launchBrowser();
  const root = await signinToken(server, ROOT.email, ROOT.password);
  await postApi(
    server,
    '/api/auth/signup',
    { ...ADMIN, password: PASSWORD, role: 'Admin', organizationName: 'views-e2e' },
    root,
  );
  admin = await signinToken(server, ADMIN.email, PASSWORD);
  for (let i = 0; i < 3; i += 1) await lead(`hot${i}@kestrel.test`, 'Hot Lead');
  for (let i = 0; i < 2; i += 1) await lead(`cold${i}@kestrel.test`, 'Cold Lead');
  ({ context, page, errors } = await newPage(browser, server.url, DESKTOP, { axe: true }));
  await signIn(page, ADMIN.email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}, 180_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const views = () => page.getByRole('navigation', { name: 'Saved views' });
const chooser = () => page.getByRole('dialog').filter({ hasText: 'always stay in view' });
const toggleEmailColumn = async (shown: boolean) => {
  await expect
    .poll(async () => {
      if (!(await chooser().isVisible()))
        await page.getByRole('button', { name: 'Columns', exact: true }).click();
      await page.waitForTimeout(300);
      return chooser().isVisible();
    })
    .toBe(true);
  const box = chooser().getByRole('checkbox', { name: 'Contact Email', exact: true });
  if (shown) await box.check();
  else await box.uncheck();
  await page.keyboard.press('Escape');
  await hidden(chooser());
};
const emailHeader = () => page.getByRole('columnheader', { name: 'Contact Email' });

/** axe-core finds nothing serious, in the light and in the dark scheme. */
const accessible = async () => expect(await axeFindingsInBothSchemes(page)).toEqual([]);

describe('saved views in the browser', () => {
  snapOnFailure(() => page);

  it('saves the filters and columns by name; the navigation counts it live and opens it again', async () => {
    await page.goto('/leads-table?status=Hot+Lead');
    await visible(page.getByRole('cell', { name: 'hot0@kestrel.test' }));
    await toggleEmailColumn(false);
    await hidden(emailHeader());
    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this view' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Hot leads');
    await dialog.getByRole('checkbox', { name: 'Share with the team' }).check();
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await toast(page, 'View “Hot leads” saved');
    await page.waitForURL(/view=/);
    const link = views().getByRole('link', { name: /Hot leads/ });
    await visible(link.getByText('3', { exact: true }));
    await accessible();
    await snap(page, 'saved-views-1280');
    await snapDark(page, 'saved-views-1280');

    // Columns chosen since: opening the view shows its own again.
    await toggleEmailColumn(true);
    await visible(emailHeader());
    await visible(page.getByRole('button', { name: 'Update view' }));
    await page.goto('/');
    await lead('hot3@kestrel.test', 'Hot Lead');
    await page.reload();
    await visible(
      views()
        .getByRole('link', { name: /Hot leads/ })
        .getByText('4', { exact: true }),
    );
    await views()
      .getByRole('link', { name: /Hot leads/ })
      .click();
    await page.waitForURL(/status=Hot\+Lead/);
    await hidden(emailHeader());
    // The four hot leads, no cold one (a header row and four).
    const rows = page.getByRole('table', { name: 'Leads' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(5);
    expect(errors).toEqual([]);
  });

  it('updates the view with the filters as they are now, and deletes it', async () => {
    const url = new URL(page.url());
    url.searchParams.set('status', 'Cold Lead');
    await page.goto(url.toString());
    await page.getByRole('button', { name: 'Update view' }).click();
    await toast(page, 'View “Hot leads” updated');
    await visible(
      views()
        .getByRole('link', { name: /Hot leads/ })
        .getByText('2', { exact: true }),
    );
    await page.getByRole('button', { name: 'Delete view' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete view' }).click();
    await toast(page, 'View “Hot leads” deleted');
    await hidden(views());
    expect(page.url()).not.toContain('view=');
  });

  it('fits a phone', async () => {
    await postApi(
      server,
      '/api/saved-views',
      { entity: 'lead', name: 'Cold ones', query: 'status=Cold+Lead', shared: true },
      admin,
    );
    await page.setViewportSize(PHONE);
    await page.goto('/leads-table?status=Cold+Lead');
    await visible(page.getByRole('button', { name: 'Save view' }));
    await page
      .getByRole('button', { name: /navigation/i })
      .first()
      .click();
    await visible(views().getByRole('link', { name: /Cold ones/ }));
    await accessible();
    await snap(page, 'saved-views-375');
    await snapDark(page, 'saved-views-375');
    await page.setViewportSize(DESKTOP);
    expect(errors).toEqual([]);
  });
});
