import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, signinToken } from '../support/api.ts';
import { newPage, snap, snapDark } from '../support/browser.ts';
import { openPhonePage, setUpDemoSession } from '../support/demo-session.ts';
import { DEMO_PASSWORD, signInDemo } from '../support/leads-pages.ts';
import { hidden, sidebarLinks, toast, visible } from '../support/pages.ts';

let page: Page;
let errors: string[];
const session = setUpDemoSession((opened) => {
  ({ page, errors } = opened);
});

const table = () => page.getByRole('table', { name: 'Suppressed addresses' });
const search = (text: string) =>
  page.getByRole('textbox', { name: 'Search the suppression list' }).fill(text);
const entries = () => page.getByLabel('Add addresses or domains');
const rowOf = (email: string) => table().getByRole('row').filter({ hasText: email });

describe('the suppression list in the browser', () => {
  it('lists entries; adds addresses and a domain by hand and from a CSV; searches', async () => {
    expect(await sidebarLinks(page)).toContain('Suppression List');
    await page.getByRole('link', { name: 'Suppression List' }).click();
    await page.waitForURL('**/suppression');
    await visible(page.getByRole('heading', { name: 'Suppression List' }));
    await visible(page.getByText('Bounce protection'));

    await entries().fill('Blocked@Spam.test\n@competitor.test, not-an-address');
    await page.getByRole('button', { name: 'Add to list' }).click();
    // The valid lines go in; the refused one is listed with why and stays in the box.
    await visible(
      page.getByText('Added 2 entries; 1 line was refused (not an address or @domain).'),
    );
    await visible(page.getByTestId('refused-lines').getByText('(no @)'));
    expect(await entries().inputValue()).toBe('not-an-address');
    await visible(rowOf('blocked@spam.test'));
    await visible(rowOf('@competitor.test').getByText('Whole domain'));
    await visible(rowOf('@competitor.test').getByText(/^Added by /));

    await page.locator('input[type="file"]').setInputFiles({
      name: 'do-not-mail.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('email\none@csv.test\n@csv-domain.test\nblocked@spam.test\nrubbish\n'),
    });
    await visible(
      page.getByText(
        'do-not-mail.csv: Added 2 entries; 1 was already listed; 1 line was refused (not an address or @domain).',
      ),
    );
    await search('csv');
    await visible(rowOf('one@csv.test'));
    await visible(rowOf('@csv-domain.test').getByText(/^CSV upload by /));
    await hidden(rowOf('blocked@spam.test'));
    await search('nothing-like-this');
    await visible(page.getByText('No suppressed address or domain matches “nothing-like-this”.'));
    await search('');
    await visible(rowOf('blocked@spam.test'));
    await snap(page, 'suppression-1280');
    await snapDark(page, 'suppression-1280');
  });

  it('removes an entry after a confirmation, warning about an unsubscribe', async () => {
    const token = await signinToken(session.server, 'admin@demo.leadline.test', DEMO_PASSWORD);
    await callApi(session.server, '/api/suppression', {
      method: 'POST',
      token,
      body: { entries: ['asked-to-leave@unsub.test'], reason: 'unsubscribed' },
    });
    await page.reload();
    await search('unsub.test');
    await visible(rowOf('asked-to-leave@unsub.test').getByText('Unsubscribed'));
    await page.getByRole('button', { name: 'Remove asked-to-leave@unsub.test' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(/This person asked not to be mailed/));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await visible(rowOf('asked-to-leave@unsub.test'));

    await search('competitor');
    await page.getByRole('button', { name: 'Remove @competitor.test' }).click();
    await visible(dialog.getByText('Every address at competitor.test can be emailed again.'));
    expect(await dialog.getByText(/asked not to be mailed/).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await toast(page, '@competitor.test removed from the suppression list');
    await visible(page.getByText('No suppressed address or domain matches “competitor”.'));
  });

  it('saves the bounce protection setting', async () => {
    const percent = page.getByLabel('Pause above');
    await visible(percent);
    await expect.poll(() => percent.inputValue()).toBe('3 %');
    await percent.fill('2');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Bounce protection saved');
    await page.reload();
    await expect.poll(() => page.getByLabel('Pause above').inputValue()).toBe('2 %');
  });

  it('fits a phone', async () => {
    const { phone, small, phoneErrors } = await openPhonePage(session);
    await small.goto('/suppression');
    await visible(small.getByRole('heading', { name: 'Suppression List' }));
    await visible(small.getByRole('table', { name: 'Suppressed addresses' }));
    const overflow = await small.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(small, 'suppression-375');
    await snapDark(small, 'suppression-375');
    expect(phoneErrors).toEqual([]);
    await phone.close();
  });

  it('is not offered to users who are not administrators', async () => {
    const rep = await newPage(session.browser, session.server.url);
    await signInDemo(rep.page, 'rep@demo.leadline.test');
    expect(await sidebarLinks(rep.page)).not.toContain('Suppression List');
    await rep.page.goto('/suppression');
    await visible(rep.page.getByText('You do not have permission to view this page.'));
    expect(rep.errors).toEqual([]);
    await rep.context.close();
    expect(errors).toEqual([]);
  });
});
