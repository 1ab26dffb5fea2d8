import { TEST_EVENT_TYPE } from '@leadline/shared/events';
import {
  DELIVERY_NOT_FOUND,
  WEBHOOK_NOT_FOUND,
  type DeliveryAnswer,
  type DeliveryList,
  type DeliveryListParams,
  type Webhook,
  type WebhookCreated,
  type WebhookCreateData,
  type WebhookList,
  type WebhookUpdateData,
} from '@leadline/shared/webhooks';
import { chooseOrganization, organizationIn } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import type { Db } from '../../db/connection.ts';
import { events } from '../../db/tables.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { logActivity } from '../activity/log.ts';
import { recordAudit } from '../audit/record.ts';
import type { AuditWho } from '../audit/record.ts';
import { checkWebhookUrl } from './address.ts';
import { toDelivery, toWebhook } from './present.ts';
import {
  deleteWebhook,
  findDeliveries,
  findDelivery,
  findLastDeliveries,
  findWebhook,
  findWebhooks,
  insertDeliveries,
  insertWebhook,
  requeueDelivery,
  updateWebhook,
} from './repo.ts';
import type { WebhookRow } from './repo.ts';
import { newWebhookSecret } from './secret.ts';

const NO_ORGANIZATION = chooseOrganization('manage webhooks');
const SWITCHED_OFF = 'The webhook is switched off: switch it on first';

const organizationOf = (actor: CurrentUser): string => organizationIn(actor, NO_ORGANIZATION);

const present = async (db: Db, row: WebhookRow): Promise<Webhook> =>
  toWebhook(row, (await findLastDeliveries(db, [row.id])).get(row.id));

const webhookOf = async (db: Db, organizationId: string, id: string): Promise<WebhookRow> => {
  const row = await findWebhook(db, organizationId, id);
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return row;
};

const log = (db: Db, actor: CurrentUser, organizationId: string, action: string, details: string) =>
  logActivity(db, {
    organizationId,
    userId: actor.id,
    type: 'Integration',
    action,
    entityId: null,
    details,
  });

/**
 * What the audit log keeps of a webhook: its id, events and the receiver's host only (a path
 * or query may hold the receiver's own secret).
 */
const audited = (row: WebhookRow, events = row.events) => ({
  webhookId: row.id,
  host: new URL(row.url).host,
  events: [...events],
});

/** GET /api/webhooks: the organisation's webhooks, newest first, each with its last delivery. */
export const listWebhooks = async (db: Db, actor: CurrentUser): Promise<WebhookList> => {
  const rows = await findWebhooks(db, organizationOf(actor));
  const last = await findLastDeliveries(
    db,
    rows.map((row) => row.id),
  );
  return { webhooks: rows.map((row) => toWebhook(row, last.get(row.id))) };
};

export const getWebhook = async (db: Db, actor: CurrentUser, id: string): Promise<Webhook> =>
  present(db, await webhookOf(db, organizationOf(actor), id));

/** POST /api/webhooks: the secret is made here, kept encrypted and answered this once. */
export const createWebhook = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  data: WebhookCreateData,
  who: AuditWho,
): Promise<WebhookCreated> => {
  const organizationId = organizationOf(actor);
  await checkWebhookUrl(data.url);
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    const created = await insertWebhook(tx, {
      organizationId,
      url: data.url,
      events: data.events,
      secret: box.encrypt(secret),
      createdBy: actor.id,
    });
    await log(tx, actor, organizationId, 'webhook added', `Webhook ${data.url} added`);
    await recordAudit(tx, who, 'webhook.created', audited(created));
    return created;
  });
  return { webhook: toWebhook(row), secret };
};

/**
 * PUT /api/webhooks/:id: the URL, the events, on or off. Switching on clears the failure
 * streak and the reason it was switched off.
 */
export const changeWebhook = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  data: WebhookUpdateData,
  who: AuditWho,
): Promise<Webhook> => {
  const organizationId = organizationOf(actor);
  const before = await webhookOf(db, organizationId, id);
  if (data.url !== undefined && data.url !== before.url) await checkWebhookUrl(data.url);
  const switchedOn = data.active === true && !before.active;
  const switchedOff = data.active === false && before.active;
  const row = await db.transaction(async (tx) => {
    const changed = await updateWebhook(tx, organizationId, id, {
      ...(data.url !== undefined ? { url: data.url } : {}),
      ...(data.events !== undefined ? { events: data.events } : {}),
      ...(data.active !== undefined ? { active: data.active } : {}),
      ...(switchedOn ? { failingSince: null, disabledAt: null, disabledReason: null } : {}),
    });
    if (!changed) throw notFound(WEBHOOK_NOT_FOUND);
    const what = switchedOn ? 'switched on' : switchedOff ? 'switched off' : 'changed';
    await log(tx, actor, organizationId, `webhook ${what}`, `Webhook ${changed.url} ${what}`);
    await recordAudit(tx, who, 'webhook.changed', { ...audited(changed), change: what });
    return changed;
  });
  return present(db, row);
};

export const removeWebhook = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  who: AuditWho,
): Promise<void> => {
  const organizationId = organizationOf(actor);
  await db.transaction(async (tx) => {
    const row = await deleteWebhook(tx, organizationId, id);
    if (!row) throw notFound(WEBHOOK_NOT_FOUND);
    await log(tx, actor, organizationId, 'webhook deleted', `Webhook ${row.url} deleted`);
    await recordAudit(tx, who, 'webhook.deleted', audited(row));
  });
};

/** GET /api/webhooks/:id/deliveries: newest first, a page at a time. */
export const listDeliveries = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  query: DeliveryListParams,
): Promise<DeliveryList> => {
  const organizationId = organizationOf(actor);
  await webhookOf(db, organizationId, id);
  const { rows, total } = await findDeliveries(db, organizationId, id, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { deliveries: rows.map(toDelivery), total, page: query.page, limit: query.limit };
};

const deliveryAnswer = async (
  db: Db,
  organizationId: string,
  id: string,
  message: string,
): Promise<DeliveryAnswer> => {
  const row = await findDelivery(db, organizationId, id);
  if (!row) throw notFound(DELIVERY_NOT_FOUND);
  return { message, delivery: toDelivery(row) };
};

/**
 * POST /api/webhooks/:id/test: a `webhook.test` event (written already dispatched, so no other
 * webhook or rule sees it) and a delivery of it to this webhook only, sent within a second.
 */
export const sendTestEvent = async (
  db: Db,
  actor: CurrentUser,
  id: string,
): Promise<DeliveryAnswer> => {
  const organizationId = organizationOf(actor);
  const webhook = await webhookOf(db, organizationId, id);
  if (!webhook.active) throw conflict(SWITCHED_OFF);
  const deliveryId = await db.transaction(async (tx) => {
    const [event] = await tx
      .insert(events)
      .values({
        organizationId,
        type: TEST_EVENT_TYPE,
        subjectId: webhook.id,
        actorId: actor.id,
        data: {
          message: 'A test event from Leadline: this webhook receives events.',
          webhook: { _id: webhook.id, url: webhook.url },
          sentBy: { _id: actor.id, name: actor.name },
        },
        dispatchedAt: new Date(),
      })
      .returning();
    const [inserted] = await insertDeliveries(tx, [
      {
        organizationId,
        webhookId: webhook.id,
        eventId: event!.id,
        eventSeq: event!.seq,
        subjectId: webhook.id,
      },
    ]);
    return inserted!;
  });
  return deliveryAnswer(db, organizationId, deliveryId, 'Test event queued');
};

/** POST /api/webhooks/deliveries/:id/redeliver: the same event (same id) goes again, now. */
export const redeliver = async (
  db: Db,
  actor: CurrentUser,
  id: string,
): Promise<DeliveryAnswer> => {
  const organizationId = organizationOf(actor);
  const delivery = await findDelivery(db, organizationId, id);
  if (!delivery) throw notFound(DELIVERY_NOT_FOUND);
  if (delivery.status === 'pending')
    throw conflict('This delivery is still pending: it is retried automatically');
  const webhook = await webhookOf(db, organizationId, delivery.webhookId);
  if (!webhook.active) throw conflict(SWITCHED_OFF);
  await requeueDelivery(db, organizationId, id);
  return deliveryAnswer(db, organizationId, id, 'Delivery queued again');
};
