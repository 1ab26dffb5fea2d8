// The deal stages' history (the stages themselves, deal_stages, are in ../schema.ts beside the
// leads that point at them); re-exported by ../tables.ts.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, organizationId } from '../schema.ts';

/**
 * Every move of a lead between stages (a null stage: its status column), by whom: the
 * reports' average days per stage. Kept when the lead or a stage is deleted (no foreign keys),
 * as the figures of a past period do not change.
 */
export const leadStageChanges = pgTable(
  'lead_stage_changes',
  {
    id: id(),
    organizationId: organizationId(),
    leadId: uuid('lead_id').notNull(),
    fromStageId: uuid('from_stage_id'),
    toStageId: uuid('to_stage_id'),
    userId: uuid('user_id'),
    lostReason: text('lost_reason'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lead_stage_changes_lead_idx').on(t.organizationId, t.leadId, t.changedAt),
    index('lead_stage_changes_org_time_idx').on(t.organizationId, t.changedAt),
  ],
);
