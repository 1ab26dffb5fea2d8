import { once } from 'node:events';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap, snapDark } from '../support/browser.ts';
import { setUpDemoSession } from '../support/demo-session.ts';
import { discardChanges, hidden, pickOption, toast, visible } from '../support/pages.ts';

// Issue 25, item 7: the small things a week with the product turns up.

let page: Page;
let errors: string[];
setUpDemoSession((opened) => {
  ({ page, errors } = opened);
});

/** A receiver that answers each POST after a pause: a test event's result arrives late. */
let receiver: Server;
let receiverUrl = '';
const RECEIVER_DELAY_MS = 2500;
beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => setTimeout(() => res.writeHead(200).end('ok'), RECEIVER_DELAY_MS));
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/slow`;
});
afterAll(() => {
  receiver?.close();
});

const api = async (path: string, method = 'GET', body?: unknown) => {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const response = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
};

const column = (status: string) => page.locator(`section[data-status="${status}"]`);
/** "$1,234,100 in deals" as a number of dollars. */
const dollars = async (locator: ReturnType<Page['getByTestId']>) =>
  Number(
    (/\$([\d,]+(?:\.\d+)?)/.exec((await locator.textContent()) ?? '')?.[1] ?? 'NaN').replace(
      /,/g,
      '',
    ),
  );

describe('the small things', () => {
  it('pipeline: exact column totals and a weighted total; a $4,100 move shows in both columns', async () => {
    const lead = (await api('/api/leads', 'POST', {
      companyName: 'Fourthousand Ltd',
      personFirstName: 'Mona',
      personLastName: 'Move',
      personEmail: `mona.move.${Date.now()}@small.test`,
      source: 'Referral',
      status: 'Cold Lead',
      dealValue: 4100,
    })) as { _id: string };
    await page.goto('/pipeline');
    const card = page.locator(`[data-lead-id="${lead._id}"]`);
    await visible(card, 30_000);
    await visible(card.getByText('$4,100', { exact: true }));
    const cold = column('Cold Lead').getByTestId('column-value');
    const warm = column('Warm Lead').getByTestId('column-value');
    // Exact totals: whole dollars with digit groups, never "$1.2M".
    expect(await cold.textContent()).toMatch(/^\$\d{1,3}(,\d{3})* in deals$/);
    await visible(column('Cold Lead').getByText(/ weighted \(10%\)$/));
    await visible(column('Qualified').getByText(/ weighted \(75%\)$/));
    await visible(page.getByText(/Weighted = deal value × the stage's chance to close: Cold 10%/));
    const coldBefore = await dollars(cold);
    const warmBefore = await dollars(warm);
    const weightedBefore = await dollars(page.getByTestId('board-weighted'));
    await snap(page, 'small-pipeline-1280');
    await snapDark(page, 'small-pipeline-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await snap(page, 'small-pipeline-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    await card.getByRole('button', { name: /to another column/ }).click();
    await page.getByRole('menuitem', { name: 'Warm Lead' }).click();
    await visible(column('Warm Lead').locator(`[data-lead-id="${lead._id}"]`));
    await expect.poll(() => dollars(cold), { timeout: 15_000 }).toBe(coldBefore - 4100);
    await expect.poll(() => dollars(warm), { timeout: 15_000 }).toBe(warmBefore + 4100);
    // The weighted total grows by 4,100 x (25% - 10%) = 615.
    await expect
      .poll(() => dollars(page.getByTestId('board-weighted')), { timeout: 15_000 })
      .toBeCloseTo(weightedBefore + 615, 0);
    await api(`/api/leads/${lead._id}`, 'DELETE');
    expect(errors).toEqual([]);
  });

  it('leads: a mixed selection says what happens in plain words; Assign, Send, then Delete', async () => {
    await page.goto('/leads-table?limit=50');
    const rows = page.locator('tbody tr');
    await visible(rows.first(), 30_000);
    await visible(page.locator('tbody tr [data-sent-state]'), 30_000);
    const sentFlags = await rows.evaluateAll((trs) =>
      trs.map((tr) => tr.querySelector('[data-sent-state]') !== null),
    );
    const sent = sentFlags.indexOf(true);
    const unsent = sentFlags.indexOf(false);
    expect(sent).toBeGreaterThanOrEqual(0);
    expect(unsent).toBeGreaterThanOrEqual(0);
    await rows.nth(unsent).getByRole('checkbox').check();
    await rows.nth(sent).getByRole('checkbox').check();
    expect(await page.getByText('Mixed Status Selected').count()).toBe(0);
    const send = page.getByRole('button', { name: 'Send Bulk Email to 1 lead', exact: true });
    expect(await send.isEnabled()).toBe(true);
    const note = page.getByTestId('bulk-email-note');
    await visible(note);
    expect(await note.textContent()).toBe(
      'Some selected leads were already emailed: the one already emailed is left out of this email, which goes to the 1 lead not emailed yet. To follow up with the emailed ones, select only them.',
    );
    // The bulk actions, left to right: Assign, Send, then Delete (destructive last).
    const order = await page
      .getByRole('button', { name: /^(Assign \(2\)|Send Bulk Email to 1 lead|Delete \(2\))$/ })
      .evaluateAll((buttons) =>
        buttons
          .map((button) => ({ text: button.textContent, x: button.getBoundingClientRect().x }))
          .sort((a, b) => a.x - b.x)
          .map((button) => button.text),
      );
    expect(order).toEqual(['Assign (2)', 'Send Bulk Email to 1 lead', 'Delete (2)']);
    await snap(page, 'small-leads-mixed-1280');
    await send.click();
    await page.waitForURL('**/send-bulk-email');
    await visible(page.getByText('1 recipient', { exact: true }));
  });

  it('suppression: a paste adds the valid lines and lists the refused ones with why', async () => {
    await page.goto('/suppression');
    const box = page.getByLabel('Add addresses or domains');
    await box.fill(
      ['paste.one@small.test', 'Ada Lovelace', '@small-domain.test', 'broken@', 'x@nodot'].join(
        '\n',
      ),
    );
    await page.getByRole('button', { name: 'Add to list' }).click();
    await visible(
      page.getByText('Added 2 entries; 3 lines were refused (not an address or @domain).'),
    );
    const refused = page.getByTestId('refused-lines');
    await visible(refused.getByText('(it has spaces (one address or @domain a line))'));
    await visible(refused.getByText('(nothing after the @)'));
    await visible(refused.getByText('(“nodot” is not a domain like example.com)'));
    // The refused lines stay in the box to be corrected.
    expect(await box.inputValue()).toBe('Ada Lovelace\nbroken@\nx@nodot');
    await snap(page, 'small-suppression-1280');
    await snapDark(page, 'small-suppression-1280');
    await box.fill('paste.one@small.test\npaste.two@small.test');
    await page.getByRole('button', { name: 'Add to list' }).click();
    await visible(page.getByText('Added 1 entry; 1 was already listed.'));
  });

  it('webhooks: "Last delivery" shows the test event\'s result by itself', async () => {
    await api('/api/webhooks', 'POST', { url: receiverUrl, events: ['lead.created'] });
    await page.goto('/integrations');
    const card = page.getByTestId('webhook-card').filter({ hasText: receiverUrl });
    await visible(card);
    await card.getByRole('button', { name: 'Deliveries' }).click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await toast(page, /Test event sent/);
    // The receiver answers after 2.5 s; the list used to be read every 10 s.
    await visible(card.getByText(/Last delivery: Delivered \(200\)/), 6000);
    expect(errors).toEqual([]);
  });

  it('campaign audience: status, owner, source and country filters with the matching count', async () => {
    const owners = (await page.evaluate(async () => {
      const token = window.localStorage.getItem('token');
      const response = await fetch('/api/leads/owners', {
        headers: { Authorization: `Bearer ${token}` },
      });
      return response.json();
    })) as { id: string; name: string; active: boolean }[];
    const owner = owners.find((user) => user.active)!;
    const count = async (targetFilters: object) =>
      (await api('/api/campaigns/audience', 'POST', { targetFilters })).count as number;
    const hot = await count({ status: 'Hot Lead' });
    const hotOwned = await count({ status: 'Hot Lead', ownerId: owner.id });
    const combined = await count({
      status: 'Hot Lead',
      ownerId: owner.id,
      source: 'LinkedIn',
      country: 'Germany',
    });
    expect(hot).toBeGreaterThan(hotOwned);
    expect(hotOwned).toBeGreaterThanOrEqual(combined);

    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'New Campaign' }).click();
    const dialog = page.getByRole('dialog');
    const reach = (n: number) =>
      dialog.getByText(
        `Reaches ${n.toLocaleString('en-US')} ${n === 1 ? 'lead' : 'leads'} right now.`,
      );
    const pick = (label: string, option: string) => pickOption(dialog, label, option);
    await visible(reach(0));
    await pick('Status', 'Hot Lead');
    await visible(reach(hot));
    await pick('Owner', owner.name);
    await visible(reach(hotOwned));
    await pick('Source', 'LinkedIn');
    await dialog.getByLabel('Country', { exact: true }).fill('Germany');
    await visible(reach(combined));
    await snap(page, 'small-audience-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await snap(page, 'small-audience-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Escape');
    await discardChanges(page);
    await hidden(dialog);
  });

  it('automation: an unknown merge field in a task title is refused on save', async () => {
    await page.goto('/automation');
    await page.getByRole('button', { name: 'New rule' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Name/).fill('Merge check');
    await dialog.getByLabel('Action 1 type', { exact: true }).click();
    await page.getByRole('option', { name: 'Create a task for the owner', exact: true }).click();
    await dialog.getByLabel('Action 1 task title').fill('Call {{fristName}} at {{companyName}}');
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await visible(dialog.getByText('Unknown merge field {{fristName}}'));
    await dialog.getByLabel('Action 1 task title').fill('Call {{firstName}} at {{companyName}}');
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await toast(page, 'Rule created');
    await visible(page.getByText(/Call \{\{firstName\}\} at \{\{companyName\}\}/));
  });
});
