import { isEventType } from '@leadline/shared/events';
import type { Webhook, WebhookDelivery } from '@leadline/shared/webhooks';
import type { DeliveryRow, LastDeliveryRow, WebhookRow } from './repo.ts';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** A webhook as the API shows it: never its secret. */
export const toWebhook = (row: WebhookRow, last?: LastDeliveryRow): Webhook => ({
  _id: row.id,
  url: row.url,
  events: row.events.filter(isEventType),
  active: row.active,
  failingSince: iso(row.failingSince),
  disabledAt: iso(row.disabledAt),
  disabledReason: row.disabledReason,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  lastDelivery: last
    ? { status: last.status, responseStatus: last.responseStatus, at: last.at.toISOString() }
    : null,
});

export const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  _id: row.id,
  webhookId: row.webhookId,
  eventId: row.eventId,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  error: row.error,
  durationMs: row.durationMs,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
  deliveredAt: iso(row.deliveredAt),
});
