import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DeliveryList, Webhook, WebhookDelivery } from '@leadline/shared/webhooks';
import { webhookDeliveries, webhooks } from '../src/db/tables.ts';
import { postEvent } from '../src/modules/webhooks/post.ts';
import { LAST_ATTEMPT } from '../src/modules/webhooks/schedule.ts';
import type { SystemMessage } from '../src/modules/system-mail/mailer.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { MISSING_ID, adminOf, callAs, createLead, latestActivity } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import { startWebhookReceiver } from './webhook-receiver.ts';
import type { WebhookReceiver } from './webhook-receiver.ts';
import { waitFor } from './wait.ts';

/**
 * Webhooks through the API and the real delivery loop, to a receiver on 127.0.0.1 that
 * verifies signatures, fails on purpose and counts what it receives.
 */
let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
let rep: string;
let receiver: WebhookReceiver;
const mails: SystemMessage[] = [];

beforeAll(async () => {
  t = await createTestContext({
    jobs: { systemMailer: { send: async (message) => void mails.push(message) } },
  });
  acme = await adminOf(t, 'acme-hooks');
  globex = await adminOf(t, 'globex-hooks');
  rep = (await t.createUser({ role: 'Sales Rep', organizationName: 'acme-hooks' })).token;
  receiver = await startWebhookReceiver();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});
afterEach(() => {
  vi.unstubAllEnvs();
  receiver.failNext = 0;
  receiver.failing = false;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  callAs(t, token, method, url, payload);

const addWebhook = async (
  admin: OrganisationAdmin,
  events: string[] = ['lead.created', 'lead.status_changed'],
  url = receiver.url,
) => {
  const response = await call(admin.token, 'POST', '/api/webhooks', { url, events });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json() as { webhook: Webhook; secret: string };
  receiver.secret = created.secret;
  return created;
};

const remove = async (admin: OrganisationAdmin, id: string) =>
  expect((await call(admin.token, 'DELETE', `/api/webhooks/${id}`)).statusCode).toBe(200);

const deliveries = async (admin: OrganisationAdmin, id: string, query = '') => {
  const response = await call(admin.token, 'GET', `/api/webhooks/${id}/deliveries${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DeliveryList;
};

const receptionsOf = (eventId: string) => receiver.receptions.filter((r) => r.eventId === eventId);

/** Waits until the event has reached the receiver `times` times. */
const received = (eventId: string, times = 1) =>
  waitFor(
    async () => receptionsOf(eventId),
    (list) => list.length >= times,
    30_000,
    50,
  );

/** The one delivery of the webhook for a lead's event of that type, once it exists. */
const deliveryFor = async (admin: OrganisationAdmin, webhookId: string, type: string) =>
  (
    await waitFor(
      () => deliveries(admin, webhookId, '?limit=100'),
      (list) => list.deliveries.some((d) => d.eventType === type),
      30_000,
      100,
    )
  ).deliveries.find((d) => d.eventType === type)!;

/** Makes the webhook's waiting deliveries due now (instead of waiting for the backoff). */
const dueNow = (webhookId: string) =>
  t.database.db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      sql`${webhookDeliveries.webhookId} = ${webhookId} AND ${webhookDeliveries.status} = 'pending'`,
    );

const rowOf = async (id: string) =>
  (await t.database.db.select().from(webhooks).where(eq(webhooks.id, id)))[0]!;

describe('webhooks API', () => {
  it('adds a webhook, shows its secret once, stores it encrypted, edits and deletes it', async () => {
    const { webhook, secret } = await addWebhook(acme, ['lead.updated', 'lead.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toMatchObject({
      url: receiver.url,
      events: ['lead.created', 'lead.updated'],
      active: true,
      failingSince: null,
      disabledAt: null,
      lastDelivery: null,
    });
    const stored = await rowOf(webhook._id);
    expect(stored.secret).not.toContain(secret);
    for (const url of ['/api/webhooks', `/api/webhooks/${webhook._id}`]) {
      const response = await call(acme.token, 'GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(webhook._id);
      expect(response.body).not.toContain(secret);
      expect(response.body).not.toContain(stored.secret);
    }
    const changed = await call(acme.token, 'PUT', `/api/webhooks/${webhook._id}`, {
      url: `${receiver.url}?v=2`,
      events: ['lead.deleted'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().webhook).toMatchObject({
      url: `${receiver.url}?v=2`,
      events: ['lead.deleted'],
    });
    expect(changed.body).not.toContain(secret);
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      type: 'Integration',
      action: 'webhook changed',
    });
    await remove(acme, webhook._id);
    expect((await call(acme.token, 'GET', `/api/webhooks/${webhook._id}`)).statusCode).toBe(404);
    expect(t.logs.join('')).not.toContain(secret);
  });

  it('refuses bad input with 400 and a clear message', async () => {
    const cases: [object, string][] = [
      [
        { url: 'not a url', events: ['lead.created'] },
        'The URL must start with http:// or https://',
      ],
      [{ url: 'ftp://example.com/x', events: ['lead.created'] }, 'http:// or https://'],
      [{ url: 'http://user:pw@127.0.0.1/x', events: ['lead.created'] }, 'user name or password'],
      [{ url: `http://127.0.0.1/${'a'.repeat(2001)}`, events: ['lead.created'] }, 'at most 2000'],
      [{ url: receiver.url, events: [] }, 'Choose at least one event'],
      [{ url: receiver.url, events: ['lead.exploded'] }, 'Each event must be one of'],
      [{ url: receiver.url }, 'events'],
      [{ events: ['lead.created'] }, 'url'],
    ];
    for (const [payload, message] of cases) {
      const response = await call(acme.token, 'POST', '/api/webhooks', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body, JSON.stringify(payload)).toContain(message);
    }
    const { webhook } = await addWebhook(acme);
    const empty = await call(acme.token, 'PUT', `/api/webhooks/${webhook._id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Send url, events or active');
    await remove(acme, webhook._id);
  });

  it('refuses loopback and private addresses unless WEBHOOK_ALLOW_PRIVATE_HOSTS=1', async () => {
    // The mail servers' switch does not open webhooks.
    vi.stubEnv('MAIL_ALLOW_PRIVATE_HOSTS', '1');
    vi.stubEnv('WEBHOOK_ALLOW_PRIVATE_HOSTS', '');
    for (const url of [
      receiver.url,
      'http://localhost:9/x',
      'http://10.1.2.3/x',
      'http://[::1]:9/x',
    ]) {
      const response = await call(acme.token, 'POST', '/api/webhooks', {
        url,
        events: ['lead.created'],
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toMatch(/is a private or reserved address/);
    }
    // Saved while allowed, then refused again at delivery time.
    vi.stubEnv('WEBHOOK_ALLOW_PRIVATE_HOSTS', '1');
    const { webhook } = await addWebhook(acme);
    vi.stubEnv('WEBHOOK_ALLOW_PRIVATE_HOSTS', '');
    const before = receiver.receptions.length;
    expect((await call(acme.token, 'POST', `/api/webhooks/${webhook._id}/test`)).statusCode).toBe(
      202,
    );
    const delivery = await waitFor(
      async () => (await deliveries(acme, webhook._id)).deliveries[0]!,
      (d) => d.attempts > 0 && d.error !== null,
      30_000,
      100,
    );
    expect(delivery.error).toBe('127.0.0.1 is a private or reserved address');
    expect(receiver.receptions.length).toBe(before);
    // A rule's webhook action is refused the same way (its POST goes through post.ts).
    const rule = await postEvent({ url: receiver.url, body: '{}', eventId: 'rule-event' });
    expect(rule).toMatchObject({ ok: false, error: '127.0.0.1 is a private or reserved address' });
    expect(receiver.receptions.length).toBe(before);
    await remove(acme, webhook._id);
  });

  it('refuses link-local and cloud metadata addresses with every switch on', async () => {
    vi.stubEnv('MAIL_ALLOW_PRIVATE_HOSTS', '1');
    vi.stubEnv('WEBHOOK_ALLOW_PRIVATE_HOSTS', '1');
    const cases: [url: string, host: string][] = [
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
      ['http://[fd00:ec2::254]/latest', 'fd00:ec2::254'],
      ['http://168.63.129.16/machine', '168.63.129.16'],
      ['http://[::ffff:169.254.169.254]/latest', '::ffff:a9fe:a9fe'],
      ['http://169.254.1.1:8080/x', '169.254.1.1'],
    ];
    for (const [url, host] of cases) {
      const response = await call(acme.token, 'POST', '/api/webhooks', {
        url,
        events: ['lead.created'],
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe(
        `${host} is a link-local or cloud metadata address: webhooks may only be sent to public addresses`,
      );
      // And at delivery (a rule's webhook action, or a URL saved before this check).
      const outcome = await postEvent({ url, body: '{}', eventId: 'metadata-event' });
      expect(outcome, url).toMatchObject({
        ok: false,
        status: null,
        error: `${host} is a link-local or cloud metadata address`,
      });
    }
    // Loopback is allowed with the webhooks' switch on.
    const { webhook } = await addWebhook(acme);
    await remove(acme, webhook._id);
  });

  it('answers 404 for other organisations and unknown ids, 403 for non-admins', async () => {
    const { webhook } = await addWebhook(acme);
    await call(acme.token, 'POST', `/api/webhooks/${webhook._id}/test`);
    const delivery = await deliveryFor(acme, webhook._id, 'webhook.test');
    const paths: [Method, string, object?][] = [
      ['GET', `/api/webhooks/${webhook._id}`],
      ['PUT', `/api/webhooks/${webhook._id}`, { active: false }],
      ['DELETE', `/api/webhooks/${webhook._id}`],
      ['GET', `/api/webhooks/${webhook._id}/deliveries`],
      ['POST', `/api/webhooks/${webhook._id}/test`],
      ['POST', `/api/webhooks/deliveries/${delivery._id}/redeliver`],
    ];
    for (const [method, url, body] of paths) {
      const foreign = await call(globex.token, method, url, body);
      expect(foreign.statusCode, `${method} ${url}`).toBe(404);
      const unknown = await call(
        acme.token,
        method,
        url.replace(/[0-9a-f-]{36}/, MISSING_ID),
        body,
      );
      expect(unknown.statusCode, `${method} ${url} (unknown)`).toBe(404);
      const malformed = await call(acme.token, method, url.replace(/[0-9a-f-]{36}/, 'x1'), body);
      expect(malformed.statusCode, `${method} ${url} (malformed)`).toBe(404);
      const rep403 = await call(rep, method, url, body);
      expect(rep403.statusCode, `${method} ${url} (rep)`).toBe(403);
    }
    expect((await call(globex.token, 'GET', '/api/webhooks')).json().webhooks).toEqual([]);
    expect((await call(rep, 'GET', '/api/webhooks')).statusCode).toBe(403);
    expect(
      (await call(rep, 'POST', '/api/webhooks', { url: receiver.url, events: ['lead.created'] }))
        .statusCode,
    ).toBe(403);
    expect((await rowOf(webhook._id)).active).toBe(true);
    await remove(acme, webhook._id);
  });
});

describe('deliveries', () => {
  it('POSTs a signed event with its id, to subscribed webhooks of its organisation only', async () => {
    const hook = async (admin: OrganisationAdmin, events: string[], path: string) => {
      const created = await addWebhook(admin, events, `${receiver.url}${path}`);
      receiver.secrets[`/hook${path}`] = created.secret;
      return created;
    };
    const { webhook } = await hook(acme, ['lead.created'], '?a');
    const other = await hook(acme, ['lead.deleted'], '?b');
    await hook(globex, ['lead.created'], '?g');
    await hook(acme, ['lead.created', 'lead.updated'], '?c');
    const lead = await createLead(t, acme.token, { companyName: 'Signed Co' });
    await waitFor(
      async () => receiver.receptions.filter((r) => r.subjectId === lead._id),
      (list) => list.length >= 2,
      30_000,
      50,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const got = receiver.receptions.filter((r) => r.subjectId === lead._id);
    // acme's two lead.created hooks; not the lead.deleted one, not globex's.
    expect(got).toHaveLength(2);
    expect(
      got.every((r) => r.signed),
      'each verifies with its own secret',
    ).toBe(true);
    const signedOne = got[0]!;
    expect(signedOne.headerEventId).toBe(signedOne.eventId);
    expect(signedOne.body).toMatchObject({
      id: signedOne.eventId,
      type: 'lead.created',
      organizationId: acme.organizationId,
      data: { lead: { _id: lead._id, companyName: 'Signed Co' } },
    });
    expect(new Date(String(signedOne.body.createdAt)).toISOString()).toBe(signedOne.body.createdAt);
    expect(got[0]!.eventId).toBe(got[1]!.eventId);
    const delivered = await deliveryFor(acme, webhook._id, 'lead.created');
    expect(delivered).toMatchObject({ status: 'delivered', responseStatus: 200, attempts: 1 });
    expect((await deliveries(acme, other.webhook._id)).total).toBe(0);
    const listed = (await call(acme.token, 'GET', '/api/webhooks')).json().webhooks as Webhook[];
    expect(listed.find((w) => w._id === webhook._id)!.lastDelivery).toMatchObject({
      status: 'delivered',
      responseStatus: 200,
    });
    for (const hook of listed) await remove(acme, hook._id);
    for (const hook of (await call(globex.token, 'GET', '/api/webhooks')).json()
      .webhooks as Webhook[])
      await remove(globex, hook._id);
  });

  it('retries a failed delivery (same event id) and then delivers it', async () => {
    const { webhook } = await addWebhook(acme, ['lead.created']);
    receiver.failNext = 1;
    const lead = await createLead(t, acme.token);
    const failed = await waitFor(
      () => deliveryFor(acme, webhook._id, 'lead.created'),
      (d) => d.attempts === 1 && d.responseStatus === 500,
      30_000,
      100,
    );
    expect(failed).toMatchObject({ status: 'pending', error: 'The receiver answered 500' });
    const wait = Date.parse(failed.nextAttemptAt!) - Date.parse(failed.lastAttemptAt!);
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThan(35_000);
    expect((await rowOf(webhook._id)).failingSince).not.toBeNull();
    await dueNow(webhook._id);
    const list = await received(failed.eventId, 2);
    expect(list.map((r) => r.status)).toEqual([500, 200]);
    expect(list.every((r) => r.signed && r.subjectId === lead._id)).toBe(true);
    const done = await waitFor(
      () => deliveryFor(acme, webhook._id, 'lead.created'),
      (d) => d.status === 'delivered',
    );
    expect(done).toMatchObject({ attempts: 2, responseStatus: 200, error: null });
    expect((await rowOf(webhook._id)).failingSince).toBeNull();
    await remove(acme, webhook._id);
  });

  it('delivers the events of one record in order, even when the first must be retried', async () => {
    const { webhook } = await addWebhook(acme, ['lead.created', 'lead.status_changed']);
    receiver.failNext = 1;
    const lead = await createLead(t, acme.token);
    for (const status of ['Warm Lead', 'Hot Lead', 'Qualified']) {
      const response = await t.request({
        method: 'PATCH',
        url: `/api/leads/${lead._id}/status`,
        token: acme.token,
        payload: { status },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await waitFor(
      () => deliveries(acme, webhook._id),
      (list) => list.total === 4 && list.deliveries.some((d) => d.attempts === 1),
      30_000,
      100,
    );
    // The first failed: the three after it wait for it, whatever their own due time.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.receptions.filter((r) => r.subjectId === lead._id)).toHaveLength(1);
    await dueNow(webhook._id);
    await waitFor(
      async () => receiver.receptions.filter((r) => r.subjectId === lead._id && r.status === 200),
      (list) => list.length === 4,
      30_000,
      50,
    );
    const accepted = receiver.receptions.filter((r) => r.subjectId === lead._id);
    expect(
      accepted.map((r) => [r.type, (r.body.data as { lead: { status: string } }).lead.status]),
    ).toEqual([
      ['lead.created', 'Cold Lead'],
      ['lead.created', 'Cold Lead'],
      ['lead.status_changed', 'Warm Lead'],
      ['lead.status_changed', 'Hot Lead'],
      ['lead.status_changed', 'Qualified'],
    ]);
    await remove(acme, webhook._id);
  });

  it('gives a delivery up after a day of retries', async () => {
    const { webhook } = await addWebhook(acme, ['lead.created']);
    receiver.failing = true;
    await createLead(t, acme.token);
    const first = await waitFor(
      () => deliveryFor(acme, webhook._id, 'lead.created'),
      (d) => d.attempts === 1,
    );
    expect(LAST_ATTEMPT).toBeGreaterThan(20);
    await t.database.db
      .update(webhookDeliveries)
      .set({ attempts: LAST_ATTEMPT - 1, nextAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.id, first._id));
    const failed = await waitFor(
      () => deliveryFor(acme, webhook._id, 'lead.created'),
      (d) => d.status === 'failed',
    );
    expect(failed).toMatchObject({
      attempts: LAST_ATTEMPT,
      responseStatus: 500,
      nextAttemptAt: null,
    });
    await remove(acme, webhook._id);
  });

  it('switches a webhook off after 24 hours of failures, with a notice, and on again', async () => {
    const { webhook } = await addWebhook(acme, ['lead.created']);
    receiver.failing = true;
    await createLead(t, acme.token);
    await waitFor(
      () => deliveryFor(acme, webhook._id, 'lead.created'),
      (d) => d.attempts === 1,
    );
    // The failure streak began 25 hours ago (no waiting a day): the next failure switches it off.
    await t.database.db
      .update(webhooks)
      .set({ failingSince: sql`now() - interval '25 hours'` })
      .where(eq(webhooks.id, webhook._id));
    await dueNow(webhook._id);
    const off = await waitFor(
      async () =>
        (await call(acme.token, 'GET', `/api/webhooks/${webhook._id}`)).json().webhook as Webhook,
      (w) => !w.active,
    );
    expect(off.disabledAt).not.toBeNull();
    expect(off.disabledReason).toContain('No delivery succeeded for 24 hours');
    expect(off.disabledReason).toContain('The receiver answered 500');
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      type: 'Integration',
      action: 'webhook disabled',
    });
    const mail = await waitFor(
      async () => mails.find((m) => m.to === acme.user.email),
      (m) => m !== undefined,
    );
    expect(mail!.subject).toBe('A Leadline webhook was switched off');
    expect(mail!.text).toContain(receiver.url);
    // Off: nothing more is sent, even when due.
    const count = receiver.receptions.length;
    await dueNow(webhook._id);
    expect((await call(acme.token, 'POST', `/api/webhooks/${webhook._id}/test`)).statusCode).toBe(
      409,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.receptions.length).toBe(count);
    // On again: the streak is cleared and the waiting delivery goes.
    receiver.failing = false;
    const on = await call(acme.token, 'PUT', `/api/webhooks/${webhook._id}`, { active: true });
    expect(on.json().webhook).toMatchObject({
      active: true,
      failingSince: null,
      disabledAt: null,
      disabledReason: null,
    });
    await waitFor(
      () => deliveryFor(acme, webhook._id, 'lead.created'),
      (d) => d.status === 'delivered',
    );
    await remove(acme, webhook._id);
  });

  it('sends a test event to one webhook and redelivers a delivery with the same event id', async () => {
    const { webhook } = await addWebhook(acme, ['lead.created']);
    const other = await addWebhook(acme, ['lead.created']);
    const test = await call(acme.token, 'POST', `/api/webhooks/${other.webhook._id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    const queued = test.json() as { message: string; delivery: WebhookDelivery };
    expect(queued).toMatchObject({
      message: 'Test event queued',
      delivery: { eventType: 'webhook.test', status: 'pending' },
    });
    const [first] = await received(queued.delivery.eventId);
    expect(first).toMatchObject({ type: 'webhook.test', signed: true, status: 200 });
    expect((first!.body.data as { webhook: { _id: string } }).webhook._id).toBe(other.webhook._id);
    expect((await deliveries(acme, webhook._id)).total).toBe(0);
    const done = await waitFor(
      () => deliveryFor(acme, other.webhook._id, 'webhook.test'),
      (d) => d.status === 'delivered',
    );
    const again = await call(acme.token, 'POST', `/api/webhooks/deliveries/${done._id}/redeliver`);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({
      message: 'Delivery queued again',
      delivery: { status: 'pending' },
    });
    const twice = await received(queued.delivery.eventId, 2);
    expect(twice.map((r) => r.eventId)).toEqual([queued.delivery.eventId, queued.delivery.eventId]);
    expect(twice[1]!.signed).toBe(true);
    // A pending delivery is not queued twice.
    receiver.delayMs = 1500;
    try {
      const third = await call(
        acme.token,
        'POST',
        `/api/webhooks/deliveries/${done._id}/redeliver`,
      );
      expect(third.statusCode).toBe(202);
      const pending = await call(
        acme.token,
        'POST',
        `/api/webhooks/deliveries/${done._id}/redeliver`,
      );
      expect(pending.statusCode).toBe(409);
      expect(pending.json().message).toBe(
        'This delivery is still pending: it is retried automatically',
      );
      await received(queued.delivery.eventId, 3);
    } finally {
      receiver.delayMs = 0;
    }
    await remove(acme, webhook._id);
    await remove(acme, other.webhook._id);
  });

  it('lists deliveries newest first, a page at a time', async () => {
    const { webhook } = await addWebhook(acme, ['lead.created']);
    for (let i = 0; i < 3; i += 1)
      expect((await call(acme.token, 'POST', `/api/webhooks/${webhook._id}/test`)).statusCode).toBe(
        202,
      );
    const all = await deliveries(acme, webhook._id);
    expect(all.total).toBe(3);
    const page2 = await deliveries(acme, webhook._id, '?limit=2&page=2');
    expect(page2).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.deliveries.map((d) => d._id)).toEqual([all.deliveries[2]!._id]);
    const times = all.deliveries.map((d) => Date.parse(d.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(
      (await call(acme.token, 'GET', `/api/webhooks/${webhook._id}/deliveries?limit=500`))
        .statusCode,
    ).toBe(400);
    await remove(acme, webhook._id);
    const gone = await call(acme.token, 'GET', `/api/webhooks/${webhook._id}/deliveries`);
    expect(gone.statusCode).toBe(404);
  });
});
