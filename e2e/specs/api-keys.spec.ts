import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { postApi, signinToken } from '../support/api.ts';
import { snap, snapDark } from '../support/browser.ts';
import { openPhonePage, setUpDemoSession } from '../support/demo-session.ts';
import { DEMO_PASSWORD, confirmDialog } from '../support/leads-pages.ts';
import { hidden, toast, visible } from '../support/pages.ts';

let page: Page;
let errors: string[];
const session = setUpDemoSession((opened) => {
  ({ page, errors } = opened);
});

const keysSection = () => page.getByRole('region', { name: 'API keys' });
const item = (name: string, scope = keysSection()) =>
  scope.getByRole('listitem', { name: `API key ${name}` });

/** GET /api/leads with the key, as a script would: the answer's status. */
const callWithKey = async (key: string) =>
  (
    await fetch(`${session.server.url}/api/leads?limit=10`, {
      headers: { authorization: `Bearer ${key}` },
    })
  ).status;

describe('API keys in the browser', () => {
  it('creates a key on /profile, shows it once with a usage example, and revokes it', async () => {
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/profile');
    await visible(keysSection().getByText('You have no API keys yet.'));
    // A name is required.
    await keysSection().getByRole('button', { name: 'Create key' }).click();
    await visible(keysSection().getByText('Name is required'));

    await keysSection().getByLabel('Key name').fill('Spreadsheet sync');
    await keysSection().getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    await visible(dialog.getByText('It is shown only this once.', { exact: false }));
    const key = (await dialog.getByTestId('new-api-key').textContent())!.trim();
    expect(key).toMatch(/^ll_[\w-]{43}$/);
    await visible(
      dialog.getByText(`curl -H "Authorization: Bearer ${key}" ${session.server.url}/api/leads`),
    );
    await dialog.getByRole('button', { name: 'Copy key' }).click();
    await visible(dialog.getByRole('button', { name: 'Key copied' }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await snap(page, 'api-key-created-1280');
    await snapDark(page, 'api-key-created-1280');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await hidden(dialog);

    // Listed by name and prefix; the key itself is nowhere on the page any more.
    const row = item('Spreadsheet sync');
    await visible(row.getByText(`${key.slice(0, 10)}…`));
    await visible(row.getByText('Active'));
    await visible(row.getByText('Never expires'));
    expect(await page.content()).not.toContain(key);
    expect(await callWithKey(key)).toBe(200);
    await page.reload();
    await visible(item('Spreadsheet sync').getByText(/Last used .*\d/));
    await snap(page, 'profile-api-keys-1280');
    await snapDark(page, 'profile-api-keys-1280');

    const { phone, small, phoneErrors } = await openPhonePage(session);
    await small.goto('/profile');
    await small.getByRole('tab', { name: 'Settings' }).click();
    await visible(small.getByRole('listitem', { name: 'API key Spreadsheet sync' }));
    await snap(small, 'profile-api-keys-375');
    await snapDark(small, 'profile-api-keys-375');
    expect(phoneErrors).toEqual([]);
    await phone.close();

    await item('Spreadsheet sync').getByRole('button', { name: 'Revoke' }).click();
    await confirmDialog(
      page,
      'Revoke your API key "Spreadsheet sync" (' +
        `${key.slice(0, 10)}…)? Every script or tool that uses it stops working at once. ` +
        'This cannot be undone.',
      'Revoke key',
    );
    await toast(page, 'API key "Spreadsheet sync" revoked');
    await visible(item('Spreadsheet sync').getByText('Revoked', { exact: true }));
    await hidden(item('Spreadsheet sync').getByRole('button', { name: 'Revoke' }));
    expect(await callWithKey(key)).toBe(401);
    expect(errors).toEqual([]);
  });

  it("lists the organisation's keys with their owners on /teams, and an Admin revokes one", async () => {
    const repToken = await signinToken(session.server, 'rep@demo.leadline.test', DEMO_PASSWORD);
    const created = await postApi(
      session.server,
      '/api/api-keys',
      { name: 'Rita billing bridge' },
      repToken,
    );
    const key = created.key as string;
    expect(await callWithKey(key)).toBe(200);

    await page.goto('/teams');
    const panel = page.getByRole('region', { name: 'API keys' });
    const row = item('Rita billing bridge', panel);
    await visible(row.getByText('Rita Rep'));
    await visible(row.getByText('(rep@demo.leadline.test)'));
    await visible(row.getByText(`${key.slice(0, 10)}…`));
    // Each key's last use shows on Teams too (issue 24): this one was used just above.
    await visible(row.getByText(/Last used .*\d/));
    await snap(page, 'teams-api-keys-1280');
    await snapDark(page, 'teams-api-keys-1280');

    const { phone, small, phoneErrors } = await openPhonePage(session);
    await small.goto('/teams');
    const smallPanel = small.getByRole('region', { name: 'API keys' });
    await visible(smallPanel.getByRole('listitem', { name: 'API key Rita billing bridge' }));
    await snap(small, 'teams-api-keys-375');
    await snapDark(small, 'teams-api-keys-375');
    expect(phoneErrors).toEqual([]);
    await phone.close();

    await row.getByRole('button', { name: 'Revoke' }).click();
    await confirmDialog(
      page,
      `Revoke Rita Rep's API key "Rita billing bridge" (${key.slice(0, 10)}…)? Every script or ` +
        'tool that uses it stops working at once. This cannot be undone.',
      'Revoke key',
    );
    await toast(page, 'API key "Rita billing bridge" revoked');
    await visible(row.getByText('Revoked', { exact: true }));
    expect(await callWithKey(key)).toBe(401);
    expect(errors).toEqual([]);
  });
});
