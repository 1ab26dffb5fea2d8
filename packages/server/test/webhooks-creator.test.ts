import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Webhook } from '@leadline/shared/webhooks';
import { activityLog } from '../src/db/schema.ts';
import type { SystemMessage } from '../src/modules/system-mail/mailer.ts';
import { TEST_PUBLIC_URL, createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, callAs } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import { startWebhookReceiver } from './webhook-receiver.ts';
import type { WebhookReceiver } from './webhook-receiver.ts';

/**
 * Issue 24: a webhook sends the organisation's data on its creator's authority. When the
 * creator stops being an administrator (demoted, deactivated, deleted), their webhooks are
 * switched off and the organisation's Admins are told by the system mail.
 */
let t: TestContext;
let root: string;
let receiver: WebhookReceiver;
const mails: SystemMessage[] = [];
let org = 0;

beforeAll(async () => {
  t = await createTestContext({
    systemMail: {
      mailer: { send: async (message) => void mails.push(message) },
      publicUrl: TEST_PUBLIC_URL,
    },
  });
  root = await t.rootToken();
  receiver = await startWebhookReceiver();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

/** An organisation with two Admins: the webhook's creator and the one who hears of it. */
const organisation = async () => {
  const name = `creator-hooks-${++org}`;
  const creator = await adminOf(t, name);
  const other = await adminOf(t, name);
  const created = await callAs(t, creator.token, 'POST', '/api/webhooks', {
    url: receiver.url,
    events: ['lead.created'],
  });
  expect(created.statusCode, created.body).toBe(201);
  return { creator, other, webhook: (created.json() as { webhook: Webhook }).webhook };
};

const webhookAs = async (admin: OrganisationAdmin, id: string) =>
  (await callAs(t, admin.token, 'GET', `/api/webhooks/${id}`)).json().webhook as Webhook;

const expectSwitchedOff = async (
  other: OrganisationAdmin,
  webhook: Webhook,
  because: string,
): Promise<void> => {
  const off = await webhookAs(other, webhook._id);
  expect(off.active).toBe(false);
  expect(off.disabledAt).not.toBeNull();
  expect(off.disabledReason).toContain(because);
  const entries = await t.database.db
    .select()
    .from(activityLog)
    .where(
      and(
        eq(activityLog.organizationId, other.organizationId),
        eq(activityLog.action, 'webhook disabled'),
      ),
    );
  expect(entries.map((entry) => entry.details)).toEqual([
    expect.stringContaining(
      `Webhook ${webhook.url} was switched off: Switched off because ${because}`,
    ),
  ]);
  const mail = mails.find((m) => m.to === other.user.email && m.text.includes(webhook.url));
  expect(mail?.subject).toBe('A Leadline webhook was switched off');
  expect(mail?.text).toContain(because);
};

describe("a webhook's creator", () => {
  it('demoted from Admin: their webhooks are switched off, the Admins told', async () => {
    const { creator, other, webhook } = await organisation();
    const demoted = await callAs(t, root, 'PUT', `/api/users/${creator.user._id}/role`, {
      role: 'Sales Manager',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    await expectSwitchedOff(other, webhook, 'its creator is no longer an administrator');
    // The other Admin's own webhook is not touched.
    const kept = await callAs(t, other.token, 'POST', '/api/webhooks', {
      url: receiver.url,
      events: ['lead.created'],
    });
    expect(kept.statusCode).toBe(201);
    const promoted = await callAs(t, root, 'PUT', `/api/users/${creator.user._id}/role`, {
      role: 'Admin',
    });
    expect(promoted.statusCode).toBe(200);
    expect((await webhookAs(other, kept.json().webhook._id)).active).toBe(true);
  });

  it('deactivated: their webhooks are switched off, the Admins told', async () => {
    const { creator, other, webhook } = await organisation();
    const deactivated = await callAs(t, root, 'POST', `/api/users/${creator.user._id}/deactivate`);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    await expectSwitchedOff(other, webhook, 'its creator was deactivated');
  });

  it('deleted: their webhooks are switched off, the Admins told', async () => {
    const { creator, other, webhook } = await organisation();
    const deleted = await callAs(
      t,
      root,
      'DELETE',
      `/api/users/${creator.user._id}?successorId=${other.user._id}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectSwitchedOff(other, webhook, 'its creator was deleted');
  });

  it('changed between member roles or reset: nothing is switched off', async () => {
    const { creator, other, webhook } = await organisation();
    const reset = await callAs(t, root, 'POST', `/api/users/${creator.user._id}/reset-password`);
    expect(reset.statusCode).toBe(200);
    expect((await webhookAs(other, webhook._id)).active).toBe(true);
  });
});
