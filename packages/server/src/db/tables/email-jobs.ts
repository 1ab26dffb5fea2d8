// Tables of this feature; re-exported by ../tables.ts so drizzle-kit and the typed client see them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BulkEmailStatus, BulkEmailType, EmailFont } from '@leadline/shared/email';
import type { IncomingKind } from '@leadline/shared/deliverability';
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

/**
 * A bulk email run: what to send, to which leads (in order), how far it got and its counters.
 * A pg-boss job drives it; the run row is the truth. `position` is the index in `leadIds` of
 * the next lead; it moves forward in the same transaction that records each email, so a run
 * resumed after a restart starts exactly after the last recorded lead. The worker running it
 * holds a lease (`leaseOwner` until `leaseUntil`, renewed while it runs): a second process
 * never runs the same run at the same time, and a run whose process died is taken over once
 * its lease has lapsed.
 */
export const emailBulkRuns = pgTable(
  'email_bulk_runs',
  {
    id: id(),
    organizationId: organizationId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The mailbox it sends from; null: the user's default mailbox. */
    mailboxId: uuid('mailbox_id').references(() => mailAccounts.id, { onDelete: 'set null' }),
    type: text('type').$type<BulkEmailType>().notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    font: text('font').$type<EmailFont>().notNull(),
    leadIds: uuid('lead_ids').array().notNull(),
    total: integer('total').notNull(),
    position: integer('position').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skippedUnsubscribed: integer('skipped_unsubscribed').notNull().default(0),
    skippedReplied: integer('skipped_replied').notNull().default(0),
    skippedDeleted: integer('skipped_deleted').notNull().default(0),
    /**
     * Emails with the mail server when a process died: they may have been delivered, so they
     * are neither sent again nor counted as failed.
     */
    unconfirmed: integer('unconfirmed').notNull().default(0),
    status: text('status').$type<BulkEmailStatus>().notNull().default('running'),
    /** Track opens and clicks (when the organisation's switch is on too). */
    track: boolean('track').notNull().default(true),
    message: text('message'),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('email_bulk_runs_user_idx').on(t.userId, t.createdAt.desc()),
    index('email_bulk_runs_running_idx')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
  ],
);

/**
 * Incoming mail that answers a lead's email, found in a user's IMAP inbox: matched by
 * In-Reply-To / References to a sent email, else by the sender's address to a lead. One row
 * per message per organisation, however many inboxes it reached.
 */
export const emailReplies = pgTable(
  'email_replies',
  {
    id: id(),
    organizationId: organizationId(),
    /** Whose inbox it arrived in. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** The email it answers, when its headers name one. */
    sentEmailId: uuid('sent_email_id').references(() => sentEmails.id, { onDelete: 'set null' }),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name').notNull().default(''),
    toAddress: text('to_address').notNull().default(''),
    subject: text('subject').notNull().default(''),
    messageId: text('message_id').notNull(),
    /** A reply, an automatic answer (out of office...) or a delivery report. */
    kind: text('kind').$type<IncomingKind>().notNull().default('reply'),
    /** A bounce's reason (status code and diagnostic); empty otherwise. */
    detail: text('detail').notNull().default(''),
    /** The day an out-of-office answer says its sender is back. */
    returnsOn: date('returns_on', { mode: 'string' }),
    snippet: text('snippet').notNull().default(''),
    /** The inbox (mailbox) it arrived in; null for replies found before mailboxes had ids. */
    mailboxId: uuid('mailbox_id').references(() => mailAccounts.id, { onDelete: 'set null' }),
    /** Its Cc addresses, comma-separated. */
    cc: text('cc').notNull().default(''),
    /** Its threading headers: In-Reply-To, and References as Message-IDs separated by spaces. */
    inReplyTo: text('in_reply_to'),
    references: text('references').notNull().default(''),
    /** Its text (at most 64 kB; HTML turned into text), for the lead's conversation. */
    bodyText: text('body_text'),
    /** When a user of the organisation opened the lead's conversation after it came; null: unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_replies_org_message_key').on(t.organizationId, t.messageId),
    index('email_replies_lead_idx').on(t.leadId, t.receivedAt.desc()),
    // A period's replies (reports, leaderboard) without reading the messages.
    index('email_replies_org_time_idx').on(
      t.organizationId,
      t.receivedAt,
      t.kind,
      t.sentEmailId,
      t.userId,
    ),
  ],
);

/**
 * How far each mailbox's inbox has been checked for replies: the last UID seen under the
 * mailbox's UIDVALIDITY (a new UIDVALIDITY starts over), and a lease so that one check per
 * inbox runs at a time across processes.
 */
export const emailReplyCursors = pgTable('email_reply_cursors', {
  mailboxId: uuid('mailbox_id')
    .primaryKey()
    .references(() => mailAccounts.id, { onDelete: 'cascade' }),
  uidValidity: bigint('uid_validity', { mode: 'number' }),
  lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  lastError: text('last_error'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});
