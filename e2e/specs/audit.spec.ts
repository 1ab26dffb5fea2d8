import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindingsInBothSchemes, describeFinding } from '../support/axe.ts';
import { callApi, signinToken } from '../support/api.ts';
import { DESKTOP, PHONE, newPage, snap, snapDark } from '../support/browser.ts';
import { setUpDemoSession } from '../support/demo-session.ts';
import { DEMO_PASSWORD, signInDemo } from '../support/leads-pages.ts';
import { sidebarLinks, visible } from '../support/pages.ts';

// The Audit log in the browser: an Admin's security events listed, filtered by kind, downloaded
// as CSV; axe at 1280 and 375 px in both colour schemes; not offered to a member.
let page: Page;
let errors: string[];
const session = setUpDemoSession((opened) => {
  ({ page, errors } = opened);
});

const ADMIN = 'admin@demo.leadline.test';
const table = () => page.getByRole('table', { name: 'Audit entries' });
const rows = () => table().locator('tbody tr');

const noAxeFindings = async (on: Page, where: string) => {
  const findings = await axeFindingsInBothSchemes(on);
  expect(findings.map((finding) => describeFinding(where, finding))).toEqual([]);
};

describe('the audit log in the browser', () => {
  it('lists what an Admin did, filters by kind and downloads the CSV', async () => {
    // A few things done: a sign-in (the browser's, and this token's), an API key made and
    // revoked, an Automation rule made.
    const token = await signinToken(session.server, ADMIN, DEMO_PASSWORD);
    const made = (await callApi(session.server, '/api/api-keys', {
      method: 'POST',
      token,
      body: { name: 'Audit e2e key' },
    })) as { apiKey: { _id: string } };
    await callApi(session.server, `/api/api-keys/${made.apiKey._id}`, { method: 'DELETE', token });
    await callApi(session.server, '/api/automations', {
      method: 'POST',
      token,
      body: {
        name: 'Audit e2e rule',
        trigger: 'lead.created',
        actions: [{ type: 'notify_owner' }],
      },
    });

    expect(await sidebarLinks(page)).toContain('Audit Log');
    await page.getByRole('link', { name: 'Audit Log' }).click();
    await page.waitForURL('**/audit');
    await visible(page.getByRole('heading', { name: 'Audit Log' }));
    await visible(rows().filter({ hasText: 'Automation rule created' }).first());
    await visible(rows().filter({ hasText: 'API key revoked' }).first());
    await visible(rows().filter({ hasText: 'Signed in' }).first());
    await visible(rows().filter({ hasText: ADMIN }).first());
    await snap(page, 'audit-1280');
    await snapDark(page, 'audit-1280');

    await page.getByLabel('Kind').selectOption({ label: 'API key created' });
    await page.waitForURL('**/audit?kind=apikey.created');
    await expect.poll(() => rows().count()).toBe(1);
    await visible(rows().first().getByText('API key created'));
    await visible(rows().first().getByText('name: Audit e2e key'));
    await visible(rows().first().getByText('127.0.0.1'));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('When,Kind,What,Who,IP address,Device,Details,Organisation ID');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,apikey.created,API key created,${ADMIN},127.0.0.1,`);

    // The download itself is in the log.
    await page.getByLabel('Kind').selectOption({ label: 'Export downloaded' });
    await visible(rows().first().getByText('what: audit log'));
    expect(errors).toEqual([]);
  });

  it('passes axe at 1280 and 375 px, light and dark, and fits a phone', async () => {
    // A refused sign-in, shown in red: its contrast is checked too.
    await fetch(`${session.server.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN, password: 'not-the-password-1' }),
    });
    const checked = await newPage(session.browser, session.server.url, DESKTOP, { axe: true });
    const on = checked.page;
    await signInDemo(on);
    await on.goto('/audit');
    await visible(on.getByRole('heading', { name: 'Audit Log' }));
    await visible(on.getByRole('table', { name: 'Audit entries' }));
    await visible(on.getByRole('cell', { name: 'Sign-in failed' }).first());
    await noAxeFindings(on, 'audit 1280');
    await on.setViewportSize(PHONE);
    await visible(on.getByRole('list', { name: 'Audit entries' }));
    await on.waitForTimeout(300); // layout settles at the new width
    await snap(on, 'audit-375');
    await snapDark(on, 'audit-375');
    // Once the layout has settled at the new width: nothing wider than the screen.
    await expect
      .poll(() =>
        on.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      )
      .toBeLessThanOrEqual(0);
    await noAxeFindings(on, 'audit 375');
    expect(checked.errors).toEqual([]);
    await checked.context.close();
  });

  it('is not offered to users who are not administrators', async () => {
    const rep = await newPage(session.browser, session.server.url);
    await signInDemo(rep.page, 'manager@demo.leadline.test');
    expect(await sidebarLinks(rep.page)).not.toContain('Audit Log');
    await rep.page.goto('/audit');
    await visible(rep.page.getByText('You do not have permission to view this page.'));
    expect(rep.errors).toEqual([]);
    await rep.context.close();
  });
});
