import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, newPage, snap } from '../support/browser.ts';
import { setUpDemoSession } from '../support/demo-session.ts';
import { postApi, signinToken } from '../support/api.ts';
import { DEMO_PASSWORD, signInDemo } from '../support/leads-pages.ts';
import { guardedAgain, visible } from '../support/pages.ts';

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
      await guardedAgain(page);

      // A reload on the first entry still asks there.
      await page.reload();
      // The shell listens for Back once its effects have run; it marks the page when it does.
      await page.locator('html[data-back-guard="on"]').waitFor({ state: 'attached' });
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
      'Dashboard',
      'Leads',
      'Calendar',
      'Companies',
      'Create Lead',
      'Inbox',
      'Send Email',
      'Follow Up',
      'Send Bulk Email',
      'Configure Email',
    ];
    await page.getByLabel('Role').selectOption('Sales Manager');
    const manager = ['Reports', 'Teams', 'Campaigns', 'Pipeline', 'Leaderboard', 'Automation'];
    for (const label of [...base, ...manager, 'Lead Management', 'Add Client', 'Activity']) {
      expect(await isTicked(label), label).toBe(true);
    }
    expect(await isTicked('Clients')).toBe(false);
    await snap(page, 'desk-create-user-manager-1280');
    await page.getByLabel('Role').selectOption('Marketing');
    for (const label of [...base, 'Campaigns', 'Reports'])
      expect(await isTicked(label), label).toBe(true);
    expect(await isTicked('Pipeline')).toBe(false);
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

describe('desk: rough edges', () => {
  it('the created-date range keeps From when To follows at once, and says when it is inverted', async () => {
    const { context, page, errors } = await signedInPage(DESKTOP);
    await page.goto('/leads-table');
    const from = page.getByLabel('From', { exact: true });
    const to = page.getByLabel('To', { exact: true });
    await to.waitFor();
    // Both typed in one go, with no wait for the URL in between.
    await page.evaluate(() => {
      const set = (label: string, value: string) => {
        const input = Array.from(document.querySelectorAll('label')).find(
          (node) => node.textContent?.trim() === label,
        )?.control as HTMLInputElement;
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      };
      set('From', '2024-01-01');
      set('To', '2024-12-31');
    });
    await page.waitForURL(/to=2024-12-31/);
    expect(new URL(page.url()).searchParams.get('from')).toBe('2024-01-01');
    await expect.poll(() => from.inputValue()).toBe('2024-01-01');
    await expect.poll(() => to.inputValue()).toBe('2024-12-31');
    await to.fill('2023-06-30');
    const range = page.getByRole('group', { name: 'Created date' });
    await visible(range.getByText('The end date must not be before the start date'));
    await snap(page, 'desk-date-range-inverted-1280');
    await to.fill('2024-06-30');
    await range
      .getByText('The end date must not be before the start date')
      .waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a skip link leads to the main content; close buttons have names; grey placeholders; no emoji glyphs', async () => {
    const { context, page, errors } = await signedInPage(DESKTOP);
    await page.goto('/leads-table');
    await page.getByLabel('To', { exact: true }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((node) => node === document.activeElement)).toBe(true);
    await snap(page, 'desk-skip-link-1280');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(page.url()).not.toContain('#');

    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'New Campaign' }).click();
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    const unnamed = await page.evaluate(
      () =>
        Array.from(document.querySelectorAll('button')).filter(
          (button) =>
            !(button.textContent ?? '').trim() &&
            !button.getAttribute('aria-label') &&
            !button.getAttribute('aria-labelledby') &&
            !button.title,
        ).length,
    );
    expect(unnamed).toBe(0);
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });

    // Placeholders stay grey in the error state.
    await page.goto('/create-lead');
    await page.getByRole('button', { name: 'Create Lead' }).click();
    await visible(page.getByText('Company Name is required'));
    const colours = await page.evaluate(() => {
      const inputs = Array.from(
        document.querySelectorAll('input[placeholder]'),
      ) as HTMLInputElement[];
      const placeholder = (input: HTMLInputElement) =>
        getComputedStyle(input, '::placeholder').color;
      const failed = inputs.filter((input) => input.getAttribute('aria-invalid') === 'true');
      const fine = inputs.filter((input) => input.getAttribute('aria-invalid') !== 'true');
      return { failed: failed.map(placeholder), fine: fine.map(placeholder) };
    });
    expect(colours.failed.length).toBeGreaterThan(0);
    expect(new Set(colours.failed)).toEqual(new Set([colours.fine[0]]));
    await snap(page, 'desk-create-lead-errors-1280');

    // The success banner's 🎉 is drawn as an icon: no glyph that needs an emoji font.
    await page.getByLabel(/^Company Name/).fill('Desk Glyphs');
    await page.getByLabel(/^Person First Name/).fill('Gil');
    await page.getByLabel(/^Person Last Name/).fill('Glyph');
    await page.getByLabel(/^Person Email/).fill(`gil.glyph-${Date.now()}@example.test`);
    await page.getByLabel(/^Source/).selectOption('Referral');
    await page.getByRole('button', { name: 'Create Lead' }).click();
    const banner = page.getByRole('status').filter({ hasText: 'Lead created successfully!' });
    await visible(banner);
    expect(await banner.textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(await banner.locator('svg').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a fixed field clears the mail settings’ old error', async () => {
    const { context, page, errors } = await signedInPage(DESKTOP, 'clients@demo.leadline.test');
    await page.goto('/email/config');
    await page.getByRole('button', { name: 'Configure SMTP' }).click();
    // Nothing listens on port 9 of loopback: the server cannot log in.
    await page.getByLabel(/^Host/).fill('127.0.0.1');
    await page.getByLabel(/^Port/).fill('9');
    await page.getByLabel(/^Username/).fill('desk@example.test');
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await visible(page.getByText('Could not log in to the SMTP server'));
    await snap(page, 'desk-mail-settings-error-1280');
    await page.getByLabel(/^Port/).fill('2525');
    await page.getByText('Could not log in to the SMTP server').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
