// Tables of open and click tracking; re-exported by ../tables.ts.
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { HitClass, HitKind } from '@leadline/shared/tracking';
import { organizationId, sentEmails } from '../schema.ts';

/**
 * Every hit on a tracked email's pixel or links, classed with its reason. Written in batches
 * (modules/tracking/writer.ts); read per email, newest first.
 */
export const trackingHits = pgTable(
  'tracking_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    sentEmailId: uuid('sent_email_id')
      .notNull()
      .references(() => sentEmails.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<HitKind>().notNull(),
    class: text('class').$type<HitClass>().notNull(),
    reason: text('reason').notNull(),
    /** The link clicked (its index in sent_emails.tracked_links); null for opens. */
    urlIndex: smallint('url_index'),
    /** The user agent, cut to 300 characters. */
    userAgent: text('user_agent').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('tracking_hits_email_idx').on(t.sentEmailId, t.at.desc())],
);

/**
 * Each tracked email's hits counted per class, kept with every batch, so that a lead's emails,
 * a campaign and the reports read counts rather than count hits.
 */
export const trackingCounts = pgTable(
  'tracking_counts',
  {
    sentEmailId: uuid('sent_email_id')
      .primaryKey()
      .references(() => sentEmails.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    opensHuman: integer('opens_human').notNull().default(0),
    opensProxy: integer('opens_proxy').notNull().default(0),
    opensMachine: integer('opens_machine').notNull().default(0),
    clicksHuman: integer('clicks_human').notNull().default(0),
    clicksMachine: integer('clicks_machine').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('tracking_counts_org_idx').on(t.organizationId)],
);
