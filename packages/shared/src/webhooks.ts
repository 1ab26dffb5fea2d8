import { z } from 'zod';
import { answerSchema, isoDateTime, nullableDateTime, nullableText, text } from './answers.ts';
import { EVENT_TYPES } from './events.ts';
import type { EventType } from './events.ts';
import { limitParam, pageParam } from './list-query.ts';

/*
 * Webhooks: an organisation's addresses that receive its events as signed JSON POSTs
 * (Integrations, administrators only).
 */

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_NOT_FOUND = 'Webhook not found';
export const DELIVERY_NOT_FOUND = 'Delivery not found';
export const DELIVERIES_PER_PAGE = 20;
/** The header names a receiver reads. */
export const SIGNATURE_HEADER = 'Leadline-Signature';
export const EVENT_ID_HEADER = 'Leadline-Event-Id';
/** How long a webhook may fail before it is switched off (and a delivery is given up). */
export const WEBHOOK_FAILURE_HOURS = 24;

const urlField = z
  .string({ error: 'url must be a web address' })
  .trim()
  .min(1, 'Enter the URL')
  .max(WEBHOOK_URL_MAX, `The URL must be at most ${WEBHOOK_URL_MAX} characters`)
  .refine((value) => /^https?:\/\//i.test(value), 'The URL must start with http:// or https://');

const eventsField = z
  .array(z.enum(EVENT_TYPES, { error: `Each event must be one of ${EVENT_TYPES.join(', ')}` }), {
    error: 'events must be a list of event types',
  })
  .min(1, 'Choose at least one event')
  .transform((list) => EVENT_TYPES.filter((type) => list.includes(type)));

/** POST /api/webhooks. */
export const webhookCreateSchema = z.object({ url: urlField, events: eventsField });
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;
export type WebhookCreateData = z.output<typeof webhookCreateSchema>;

/** PUT /api/webhooks/:id: any of the fields; `active: true` also clears the failure streak. */
export const webhookUpdateSchema = z
  .object({
    url: urlField.optional(),
    events: eventsField.optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .refine(
    (value) => value.url !== undefined || value.events !== undefined || value.active !== undefined,
    'Send url, events or active',
  );
export type WebhookUpdateInput = z.input<typeof webhookUpdateSchema>;
export type WebhookUpdateData = z.output<typeof webhookUpdateSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** The latest delivery of a webhook, as its list shows it. */
export type LastDelivery = {
  status: DeliveryStatus;
  responseStatus: number | null;
  at: string;
};

export type Webhook = {
  _id: string;
  url: string;
  events: EventType[];
  active: boolean;
  /** The first failure of the current run of failures; none once a delivery succeeds. */
  failingSince: string | null;
  disabledAt: string | null;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
  lastDelivery: LastDelivery | null;
};

const deliveryStatusField = z.enum(DELIVERY_STATUSES);

export const webhookSchema = answerSchema<Webhook>()({
  _id: text,
  url: text,
  events: z.array(z.enum(EVENT_TYPES)),
  active: z.boolean(),
  failingSince: nullableDateTime,
  disabledAt: nullableDateTime,
  disabledReason: nullableText,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  lastDelivery: answerSchema<LastDelivery>()({
    status: deliveryStatusField,
    responseStatus: z.number().nullable(),
    at: isoDateTime,
  }).nullable(),
});

/** POST /api/webhooks: the webhook and its signing secret, shown this once. */
export type WebhookCreated = { webhook: Webhook; secret: string };
export const webhookCreatedAnswerSchema = answerSchema<WebhookCreated>()({
  webhook: webhookSchema,
  secret: text,
});

export type WebhookAnswer = { webhook: Webhook };
export const webhookAnswerSchema = answerSchema<WebhookAnswer>()({ webhook: webhookSchema });

export type WebhookList = { webhooks: Webhook[] };
export const webhookListAnswerSchema = answerSchema<WebhookList>()({
  webhooks: z.array(webhookSchema),
});

/** One event for one webhook: a durable job, retried until delivered or given up. */
export type WebhookDelivery = {
  _id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  durationMs: number | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
};

export const webhookDeliverySchema = answerSchema<WebhookDelivery>()({
  _id: text,
  webhookId: text,
  eventId: text,
  eventType: text,
  status: deliveryStatusField,
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  error: nullableText,
  durationMs: z.number().nullable(),
  createdAt: isoDateTime,
  lastAttemptAt: nullableDateTime,
  nextAttemptAt: nullableDateTime,
  deliveredAt: nullableDateTime,
});

export const deliveryListQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(100, DELIVERIES_PER_PAGE),
});
export type DeliveryListParams = z.output<typeof deliveryListQuerySchema>;

export type DeliveryList = {
  deliveries: WebhookDelivery[];
  total: number;
  page: number;
  limit: number;
};
export const deliveryListAnswerSchema = answerSchema<DeliveryList>()({
  deliveries: z.array(webhookDeliverySchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});

/** POST /api/webhooks/:id/test and /api/webhooks/deliveries/:id/redeliver. */
export type DeliveryAnswer = { message: string; delivery: WebhookDelivery };
export const deliveryAnswerSchema = answerSchema<DeliveryAnswer>()({
  message: text,
  delivery: webhookDeliverySchema,
});

/** What a webhook receives: the body of every POST. */
export type WebhookPayload = {
  id: string;
  type: string;
  createdAt: string;
  organizationId: string;
  data: Record<string, unknown>;
};
