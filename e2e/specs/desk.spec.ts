import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, newPage, snap } from '../support/browser.ts';
import { setUpDemoSession } from '../support/demo-session.ts';
import { signInDemo } from '../support/leads-pages.ts';
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
