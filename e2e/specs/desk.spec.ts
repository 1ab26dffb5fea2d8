import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, newPage, snap } from '../support/browser.ts';
import { setUpDemoSession } from '../support/demo-session.ts';
import { postApi, signinToken } from '../support/api.ts';
import { DEMO_PASSWORD, signInDemo } from '../support/leads-pages.ts';
import { visible } from '../support/pages.ts';

const LEAVE = "You're about to leave. Do you want to logout?";

const session = setUpDemoSession(() => undefined);

/** A fresh page at a width, signed in as a demo user. */
const signedInPage = async (
  viewport: { width: number; height: number },
  email = 'admin@demo.leadline.test',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> => {
  const opened = await newPage(session.browser, session.server.url, viewport);
  await signInDemo(opened.page, email);
  return opened;
};

/** Records every dialog's text; dismisses them until `accept` is set. */
const watchDialogs = (page: Page) => {
  const state = { messages: [] as string[], accept: false };
  page.on('dialog', async (dialog) => {
    state.messages.push(dialog.message());
    if (state.accept) await dialog.accept();
    else await dialog.dismiss();
  });
  return state;
};

const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

describe('desk: Back is Back', () => {
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['375', PHONE],
  ] as const) {
    it(`after a reload, Back walks back through the app and asks only when leaving it (${label})`, async () => {
      const { context, page, errors } = await signedInPage(viewport);
      const dialogs = watchDialogs(page);
      await page.waitForURL(`${session.server.url}/`);
      const go = async (name: string, path: string) => {
        if (viewport === PHONE) await page.getByRole('button', { name: /navigation/i }).click();
        await sidebarLink(page, name).click();
        await page.waitForURL(`**${path}`);
      };
      await go('All Leads', '/leads-table');
      // URL state: a filter kept in the address.
      if (viewport === PHONE) await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByLabel('Status', { exact: true }).selectOption('Hot Lead');
      await page.waitForURL(/status=Hot/);
      const filtered = page.url();
      await go('Profile', '/profile');
      await page.reload();
      await visible(page.getByRole('heading', { name: 'Profile' }));
      await snap(page, `desk-back-after-reload-${label}`);

      await page.goBack();
      await page.waitForURL(filtered);
      if (viewport === PHONE) await visible(page.getByRole('button', { name: 'Filters (1)' }));
      else
        await expect
          .poll(() => page.getByLabel('Status', { exact: true }).inputValue())
          .toBe('Hot Lead');
      await page.goBack();
      await page.waitForURL(/\/leads-table$/);
      await page.goBack();
      await page.waitForURL(`${session.server.url}/`);
      expect(dialogs.messages).toEqual([]);

      // The first entry of the app: Back would leave it, so it asks (and stays on no).
      await page.goBack();
      await expect.poll(() => dialogs.messages.length).toBe(1);
      expect(dialogs.messages[0]).toBe(LEAVE);
      expect(page.url()).toBe(`${session.server.url}/`);

      // A reload on the first entry still asks there.
      await page.reload();
      await page.locator('#app-navigation a').first().waitFor({ state: 'attached' });
      dialogs.accept = true;
      await page.goBack();
      await page.waitForURL('**/login');
      expect(dialogs.messages).toEqual([LEAVE, LEAVE]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('desk: history where it belongs, role defaults', () => {
  it("shows a lead's own history in its drawer to a Sales Rep without the Activity page", async () => {
    const rep = 'rep@demo.leadline.test';
    const token = await signinToken(session.server, rep, DEMO_PASSWORD);
    const email = `desk-history-${Date.now()}@example.test`;
    await postApi(
      session.server,
      '/api/leads',
      {
        companyName: 'Desk History',
        personFirstName: 'Hana',
        personLastName: 'Story',
        personEmail: email,
        source: 'Referral',
      },
      token,
    );
    const { context, page, errors } = await signedInPage(DESKTOP, rep);
    await page.goto(`/leads-table?search=${encodeURIComponent(email)}`);
    await page.getByRole('button', { name: 'View Hana Story' }).click();
    const drawer = page.getByRole('dialog', { name: 'Lead details' });
    await visible(drawer.getByText('Lead Hana Story (Desk History) created'));
    expect(await drawer.getByText('You do not have permission to view activity.').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creating a user starts from the chosen role’s defaults, still editable', async () => {
    const { context, page, errors } = await signedInPage(DESKTOP);
    await page.goto('/create-user');
    const isTicked = (label: string) =>
      page.getByRole('checkbox', { name: label, exact: true }).isChecked();
    const base = [
      'Leads',
      'Configure Email',
      'Create Lead',
      'Send Email',
      'Follow Up',
      'Send Bulk Email',
    ];
    await page.getByLabel('Role').selectOption('Sales Manager');
    for (const label of [...base, 'Dashboard', 'Reports', 'Teams', 'Calendar', 'Campaigns']) {
      expect(await isTicked(label), label).toBe(true);
    }
    expect(await isTicked('Clients')).toBe(false);
    await snap(page, 'desk-create-user-manager-1280');
    await page.getByLabel('Role').selectOption('Marketing');
    for (const label of [...base, 'Campaigns', 'Reports'])
      expect(await isTicked(label), label).toBe(true);
    expect(await isTicked('Dashboard')).toBe(false);
    await page.getByLabel('Role').selectOption('Client Manager');
    for (const label of [...base, 'Clients', 'Add Client'])
      expect(await isTicked(label), label).toBe(true);
    expect(await isTicked('Campaigns')).toBe(false);
    // Still editable: untick one and the rest stays.
    await page.getByRole('checkbox', { name: 'Add Client', exact: true }).uncheck();
    expect(await isTicked('Add Client')).toBe(false);
    expect(await isTicked('Clients')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
