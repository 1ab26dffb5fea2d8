// Tables of the integrations (events outbox, API keys, webhooks, Automation, tasks); re-exported
// by ../tables.ts.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  createdAt,
  id,
  leads,
  organizationId,
  organizations,
  updatedAt,
  users,
} from '../schema.ts';
import { campaigns } from './campaigns.ts';

/**
 * The outbox: one row per change that matters, written in the change's own transaction.
 * `seq` orders them; `dispatchedAt` is set once the dispatcher has handed the event to its
 * consumers (webhook deliveries, Automation runs), in the same transaction as their rows.
 * `depth`: 0 for a change by a person or the system, n for a change made by a rule run of
 * depth n-1's event (Automation stops at AUTOMATION_MAX_DEPTH). `cascadeId`: the original
 * change the event descends from through rule runs (Automation bounds the runs of one cascade);
 * `automationId`: the rule whose run made the change, if any (it does not react to it).
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    organizationId: organizationId(),
    type: text('type').notNull(),
    /** The record the event is about (lead, sent email, campaign, meeting): order per record. */
    subjectId: uuid('subject_id').notNull(),
    /** The lead concerned, if any (Automation's conditions); no key: the lead may be deleted. */
    leadId: uuid('lead_id'),
    /** Who made the change (none: the system or a rule). */
    actorId: uuid('actor_id'),
    /** The record as the API shows it. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    depth: smallint('depth').notNull().default(0),
    /** An event written without one (straight SQL) starts a cascade of its own. */
    cascadeId: uuid('cascade_id').notNull().defaultRandom(),
    /** No key: the rule may be deleted while its events wait. */
    automationId: uuid('automation_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('events_seq_key').on(t.seq),
    index('events_undispatched_idx')
      .on(t.seq)
      .where(sql`${t.dispatchedAt} is null`),
    index('events_org_time_idx').on(t.organizationId, t.occurredAt),
  ],
);

/**
 * A personal API key: only its SHA-256 is kept (the key is random and long), with a prefix
 * shown in lists. Acts with its user's current permissions.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    /** The owner's organisation (none for a Super Admin's key). */
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by'),
  },
  (t) => [
    uniqueIndex('api_keys_hash_key').on(t.keyHash),
    index('api_keys_user_idx').on(t.userId, t.createdAt),
    index('api_keys_org_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * An organisation's webhook. The signing secret is stored encrypted (the server signs with
 * it). `failingSince`: the first failure of the current run of failures (none once a delivery
 * succeeds); a webhook failing for 24 hours is switched off with `disabledReason`.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    organizationId: organizationId(),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhooks_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * One event for one webhook: a durable job. `pending` until delivered (`delivered`) or given
 * up (`failed`, after 24 hours of retries). Deliveries of one webhook about one record go out
 * in `eventSeq` order.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    organizationId: organizationId(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_key').on(t.webhookId, t.eventId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_order_idx')
      .on(t.webhookId, t.subjectId, t.eventSeq)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_list_idx').on(t.webhookId, t.createdAt.desc()),
  ],
);

/**
 * An Automation rule: when `trigger` happens, if every condition holds, run the actions.
 * `roundRobinNext`: whose turn it is in an assign_round_robin action.
 */
export const automations = pgTable(
  'automations',
  {
    id: id(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    trigger: text('trigger').notNull(),
    conditions: jsonb('conditions').$type<unknown[]>().notNull().default([]),
    actions: jsonb('actions').$type<unknown[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    roundRobinNext: integer('round_robin_next').notNull().default(0),
    /** email.opened / email.clicked rules: the classes of hit that set them off; null: people's. */
    hitClasses: jsonb('hit_classes').$type<string[]>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  },
  (t) => [index('automations_org_trigger_idx').on(t.organizationId, t.trigger)],
);

/**
 * One rule's run for one event: a durable job (`pending`), then `succeeded`, `skipped`
 * (conditions not met, rule off, depth reached) or `failed`, with what happened in `outcome`.
 * `cascadeId` is its event's: the runs of one cascade are counted (by the index) when new ones
 * are written, and past AUTOMATION_CASCADE_RUNS_MAX one skipped run says the limit was reached.
 */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: id(),
    organizationId: organizationId(),
    automationId: uuid('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id'),
    depth: smallint('depth').notNull().default(0),
    cascadeId: uuid('cascade_id').notNull(),
    status: text('status')
      .$type<'pending' | 'succeeded' | 'skipped' | 'failed'>()
      .notNull()
      .default('pending'),
    outcome: text('outcome').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('automation_runs_event_key').on(t.automationId, t.eventId),
    index('automation_runs_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('automation_runs_list_idx').on(t.automationId, t.createdAt.desc()),
    index('automation_runs_cascade_idx').on(t.cascadeId),
  ],
);

/**
 * A to-do for a user: by hand, by an Automation rule, or a LinkedIn/call campaign's step for
 * one lead (`campaignId`; one task per campaign and lead). `doneAt` none: open.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    organizationId: organizationId(),
    title: text('title').notNull(),
    dueDate: date('due_date').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    automationId: uuid('automation_id').references(() => automations.id, {
      onDelete: 'set null',
    }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: uuid('done_by'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_owner_open_idx').on(t.organizationId, t.ownerId, t.doneAt, t.dueDate),
    index('tasks_lead_idx').on(t.leadId, t.doneAt, t.dueDate),
    uniqueIndex('tasks_campaign_lead_key')
      .on(t.campaignId, t.leadId)
      .where(sql`${t.campaignId} is not null`),
  ],
);
