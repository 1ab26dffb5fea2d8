import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import pg from 'pg';
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

/** What the loopback receiver got: the event id header, the body and the signature header. */
type Received = { eventId: string; body: string; signature: string };
const received: Received[] = [];
let receiver: Server;
let receiverUrl = '';

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += String(chunk)));
    req.on('end', () => {
      received.push({
        eventId: String(req.headers['leadline-event-id']),
        body,
        signature: String(req.headers['leadline-signature']),
      });
      // A path ending in /failing always fails (a receiver that is down).
      const failing = req.url?.endsWith('/failing') ?? false;
      res.writeHead(failing ? 500 : 200).end(failing ? 'down' : 'ok');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/leadline`;
});
afterAll(async () => {
  receiver?.close();
});

const card = () => page.getByTestId('webhook-card').filter({ hasText: receiverUrl });
const firstRow = () => page.getByTestId('delivery-row').first();
/** The on/off switch, clicked by its label (as a person does). */
const toggle = () =>
  card()
    .locator('label')
    .filter({ hasText: /^(On|Off)$/ })
    .click();

describe('Integrations in the browser', () => {
  it('adds a webhook, shows its secret once, sends a test event and redelivers it', async () => {
    expect(await sidebarLinks(page)).toContain('Integrations');
    await page.getByRole('link', { name: 'Integrations' }).click();
    await page.waitForURL('**/integrations');
    await visible(page.getByRole('heading', { name: 'Integrations' }));
    await visible(page.getByText(/No webhook yet/));
    await snap(page, 'integrations-empty-1280');

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('URL').fill(receiverUrl);
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await visible(dialog.getByText('Choose at least one event'));
    await dialog.getByLabel('All events').check();
    expect(await dialog.getByLabel('Lead created').isChecked()).toBe(true);
    await snap(page, 'integrations-form-1280');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();

    const secretText = page.getByTestId('webhook-secret');
    await visible(secretText);
    const secret = (await secretText.textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await visible(page.getByText('It is shown only this once.'));
    await visible(page.getByText(/Leadline-Signature: t=/));
    await page.waitForTimeout(400); // the dialogs' transitions end
    await snap(page, 'integrations-secret-1280');
    await page.getByRole('button', { name: 'Done' }).click();
    await hidden(secretText);

    await visible(card().getByText('Active'));
    await visible(card().getByText('All events'));
    await visible(page.getByText(/Nothing delivered yet/));
    expect(await page.content()).not.toContain(secret);

    await page.getByRole('button', { name: 'Send test event' }).click();
    await toast(page, /Test event sent/);
    await visible(firstRow().getByText('Delivered'));
    await visible(firstRow().getByText('Test event'));
    expect(await firstRow().getByTestId('delivery-response').textContent()).toBe('200');
    expect(received).toHaveLength(1);
    const [first] = received;
    const [t, v1] = first!.signature.split(',').map((part) => part.split('=')[1]);
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${first!.body}`).digest('hex'));
    expect(JSON.parse(first!.body)).toMatchObject({ id: first!.eventId, type: 'webhook.test' });
    await visible(card().getByText(/Last delivery: Delivered \(200\)/));
    await snap(page, 'integrations-1280');
    await snapDark(page, 'integrations-1280');

    await firstRow().getByRole('button', { name: 'Redeliver' }).click();
    await toast(page, 'Delivery queued again');
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    expect(received[1]!.eventId).toBe(first!.eventId);
    await visible(firstRow().getByText('Delivered'));
  });

  it('edits the events, switches the webhook off and deletes it after a confirmation', async () => {
    await card().getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('All events').uncheck();
    await dialog.getByLabel('Lead created').check();
    await dialog.getByLabel('Email replied').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Webhook saved');
    await visible(card().getByText('Lead created, Email replied'));

    await toggle();
    await toast(page, 'Webhook switched off');
    await visible(card().getByText('Disabled'));
    expect(await page.getByRole('button', { name: 'Send test event' }).isDisabled()).toBe(true);
    await toggle();
    await visible(card().getByText('Active'));
    await toggle();
    await visible(card().getByText('Disabled'));

    // The phone layout, while the webhook is there.
    const { phone, small, phoneErrors } = await openPhonePage(session);
    await small.goto(page.url());
    await visible(small.getByRole('heading', { name: 'Integrations' }));
    await visible(small.getByTestId('delivery-row').first());
    const overflow = await small.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(small, 'integrations-375');
    await snapDark(small, 'integrations-375');
    expect(phoneErrors).toEqual([]);
    await phone.close();

    await card().getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await visible(confirm.getByText(/will receive no more events/));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Webhook deleted');
    await visible(page.getByText(/No webhook yet/));
  });

  // Needs the database at hand to move the failure streak back a day (PostgreSQL runs only).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'shows the notice of a webhook switched off after failing for 24 hours',
    async () => {
      const token = await signinToken(session.server, 'admin@demo.leadline.test', DEMO_PASSWORD);
      const url = `${receiverUrl}/failing`;
      const { webhook } = (await callApi(session.server, '/api/webhooks', {
        method: 'POST',
        token,
        body: { url, events: ['lead.created'] },
      })) as { webhook: { _id: string } };
      const hook = `/api/webhooks/${webhook._id}`;
      await callApi(session.server, `${hook}/test`, { method: 'POST', token });
      const attempts = async () =>
        (
          (await callApi(session.server, `${hook}/deliveries`, { token })) as {
            deliveries: { attempts: number }[];
          }
        ).deliveries[0]?.attempts ?? 0;
      await expect.poll(attempts, { timeout: 15_000 }).toBeGreaterThan(0);
      const db = new pg.Client({ connectionString: session.server.databaseUrl });
      await db.connect();
      await db.query(
        `UPDATE webhooks SET failing_since = now() - interval '25 hours' WHERE id = $1`,
        [webhook._id],
      );
      await db.query(
        `UPDATE webhook_deliveries SET next_attempt_at = now() WHERE webhook_id = $1`,
        [webhook._id],
      );
      await db.end();
      const active = async () =>
        ((await callApi(session.server, hook, { token })) as { webhook: { active: boolean } })
          .webhook.active;
      await expect.poll(active, { timeout: 15_000 }).toBe(false);

      await page.goto(`/integrations?webhook=${webhook._id}`);
      const notice = page.getByTestId('disabled-notice');
      await visible(notice.getByText('Switched off after failing for 24 hours'));
      await visible(
        notice.getByText(
          /No delivery succeeded for 24 hours \(last error: The receiver answered 500\)/,
        ),
      );
      await visible(card().getByText('Disabled'));
      await snap(page, 'integrations-disabled-1280');
      await snapDark(page, 'integrations-disabled-1280');
      const { phone, small, phoneErrors } = await openPhonePage(session);
      await small.goto(`/integrations?webhook=${webhook._id}`);
      await visible(small.getByTestId('disabled-notice'));
      await snap(small, 'integrations-disabled-375');
      expect(phoneErrors).toEqual([]);
      await phone.close();
      await callApi(session.server, hook, { method: 'DELETE', token });
    },
  );

  it('is not offered to users who are not administrators', async () => {
    const rep = await newPage(session.browser, session.server.url);
    await signInDemo(rep.page, 'rep@demo.leadline.test');
    expect(await sidebarLinks(rep.page)).not.toContain('Integrations');
    await rep.page.goto('/integrations');
    await visible(rep.page.getByText('You do not have permission to view this page.'));
    expect(rep.errors).toEqual([]);
    await rep.context.close();
    expect(errors).toEqual([]);
  });
});
