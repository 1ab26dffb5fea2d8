// Tables of this feature; re-exported by ../tables.ts so drizzle-kit and the typed client see them.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CampaignStatus,
  CampaignType,
  DeliveryState,
  FollowUpStep,
  TargetFilters,
} from '@leadline/shared/campaigns';
import type { SendingWindow } from '@leadline/shared/sending-window';
import {
  createdAt,
  id,
  leads,
  mailAccounts,
  organizationId,
  sentEmails,
  updatedAt,
  users,
} from '../schema.ts';

/** A campaign's held mailboxes (see campaigns.mailboxHolds), by mailbox id. */
export type MailboxHolds = Record<
  string,
  { email: string; heldAt: string | null; message: string | null; since: string | null }
>;

/**
 * A campaign. `createdBy` is also the sender: email campaigns go out from that
 * user's SMTP account, within their daily limit. `tickChain` names the current chain of
 * engine jobs (a resume starts a new one; jobs of an older chain stop).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    organizationId: organizationId(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').$type<CampaignType>().notNull().default('email'),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    emailSubject: text('email_subject').notNull().default(''),
    emailBody: text('email_body').notNull().default(''),
    targetFilters: jsonb('target_filters').$type<TargetFilters>().notNull(),
    followUps: jsonb('follow_ups').$type<FollowUpStep[]>().notNull().default([]),
    sendNow: boolean('send_now').notNull().default(true),
    startDate: timestamp('start_date', { withTimezone: true }),
    throttlePerHour: integer('throttle_per_hour').notNull().default(50),
    /** null: any day, any hour (campaigns made before sending windows). */
    sendingWindow: jsonb('sending_window').$type<SendingWindow>(),
    gapMinSeconds: integer('gap_min_seconds').notNull().default(0),
    gapMaxSeconds: integer('gap_max_seconds').notNull().default(0),
    /** The creator's mailboxes its leads are spread over; empty: the creator's default. */
    mailboxIds: uuid('mailbox_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Why the campaign paused itself (a bounce rate...); null when a user paused it. */
    statusMessage: text('status_message'),
    /**
     * Per mailbox of a campaign over several: `heldAt` set while the campaign does not send
     * from it (too many of its emails bounced), `since` when its bounces count from (resumed).
     */
    mailboxHolds: jsonb('mailbox_holds').$type<MailboxHolds>().notNull().default({}),
    tickChain: uuid('tick_chain'),
    /**
     * When the chain's next tick should run (the server's clock): set when a chain starts and by
     * every tick. Long past while active, the tick holding the chain died with its process and
     * the watchdog starts a new chain.
     */
    nextTickAt: timestamp('next_tick_at', { withTimezone: true }),
    /** Track opens and clicks (when the organisation's switch is on too). */
    track: boolean('track').notNull().default(true),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('campaigns_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    index('campaigns_active_next_tick_idx')
      .on(t.nextTickAt)
      .where(sql`${t.status} = 'active' AND ${t.tickChain} IS NOT NULL`),
  ],
);

/** The leads chosen by hand (the payload's `leads`). */
export const campaignLeads = pgTable(
  'campaign_leads',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.leadId] }),
    index('campaign_leads_lead_idx').on(t.leadId),
  ],
);

/**
 * One row per (campaign step, lead): step 0 is the first email (or the task of a LinkedIn or
 * call campaign), step n the n-th follow-up. Written when the campaign is sent (step 0) and
 * when the previous step reaches the lead (the next one, due `delayDays` later). A server
 * process claims due rows ('sending', `claimedAt`) before it sends; a claim older than the
 * lease is taken over by another process. The email itself is reserved in sent_emails under
 * the step's own job id, so a lead never gets a step twice.
 */
export const campaignDeliveries = pgTable(
  'campaign_deliveries',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    state: text('state').$type<DeliveryState>().notNull().default('queued'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentEmailId: uuid('sent_email_id').references(() => sentEmails.id, { onDelete: 'set null' }),
    /** The mailbox this lead's emails go from (every step the same); null: not chosen yet. */
    mailboxId: uuid('mailbox_id').references(() => mailAccounts.id, { onDelete: 'set null' }),
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    doneBy: uuid('done_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.step, t.leadId] }),
    index('campaign_deliveries_due_idx').on(t.campaignId, t.state, t.dueAt),
    index('campaign_deliveries_claimed_idx').on(t.campaignId, t.claimedAt),
    index('campaign_deliveries_lead_idx').on(t.leadId),
    // Tracking finds the campaign of a hit's email.
    index('campaign_deliveries_sent_email_idx').on(t.sentEmailId),
  ],
);
