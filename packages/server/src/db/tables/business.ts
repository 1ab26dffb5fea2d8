// Tables of the business tools (calls and notes, status history); re-exported by ../tables.ts.
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CallOutcome, LeadNoteKind } from '@leadline/shared/interactions';
import type { LeadStatus } from '@leadline/shared/leads';
import { createdAt, id, leads, organizationId, users } from '../schema.ts';

/** A note on a lead, or a call logged with its outcome: the lead's timeline and the leaderboard. */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: id(),
    organizationId: organizationId(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<LeadNoteKind>().notNull(),
    body: text('body').notNull().default(''),
    outcome: text('outcome').$type<CallOutcome>(),
    durationSeconds: integer('duration_seconds'),
    createdAt: createdAt(),
  },
  (t) => [
    index('lead_notes_lead_idx').on(t.organizationId, t.leadId, t.createdAt.desc()),
    index('lead_notes_user_time_idx').on(t.organizationId, t.createdAt, t.userId),
  ],
);

/**
 * Every change of a lead's status, by whom (the leaderboard's "moved to Qualified"). Kept when
 * the lead is deleted, as the figures of a past period do not change.
 */
export const leadStatusChanges = pgTable(
  'lead_status_changes',
  {
    id: id(),
    organizationId: organizationId(),
    leadId: uuid('lead_id').notNull(),
    userId: uuid('user_id'),
    fromStatus: text('from_status').$type<LeadStatus | ''>().notNull(),
    toStatus: text('to_status').$type<LeadStatus>().notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lead_status_changes_org_time_idx').on(
      t.organizationId,
      t.changedAt,
      t.toStatus,
      t.userId,
    ),
  ],
);
