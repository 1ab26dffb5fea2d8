// Tables of duplicates and merges; re-exported by ../tables.ts.
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, leads, organizationId, users } from '../schema.ts';

/**
 * What a merge needs to be undone: the merged lead as it was (its row), the kept lead's values
 * the merge changed, and every related row it moved or set aside (modules/duplicates/moves.ts).
 */
export type MergeSnapshot = {
  mergedLead: Record<string, unknown>;
  keptBefore: Record<string, unknown>;
  /** Table -> the ids of its rows moved from the merged lead to the kept one. */
  moved: Record<string, string[]>;
  /** Table -> rows taken away because the kept lead had their like (written back on undo). */
  removed: Record<string, Record<string, unknown>[]>;
  /** Sent emails whose job id was cleared to move them (the kept lead had the same job). */
  jobCleared: { id: string; jobId: string }[];
};

/** One merge of two leads: the kept lead, the merged one (deleted) and how to undo it. */
export const leadMerges = pgTable(
  'lead_merges',
  {
    id: id(),
    organizationId: organizationId(),
    keptId: uuid('kept_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** The merged lead's id: deleted by the merge, written back with the same id by undo. */
    mergedId: uuid('merged_id').notNull(),
    mergedName: text('merged_name').notNull(),
    mergedEmail: text('merged_email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    snapshot: jsonb('snapshot').$type<MergeSnapshot>().notNull(),
    mergedAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('lead_merges_org_time_idx').on(t.organizationId, t.mergedAt.desc())],
);

/** "Keep separate": a pair of leads (smaller id first) the Duplicates screen no longer offers. */
export const leadDuplicateDismissals = pgTable(
  'lead_duplicate_dismissals',
  {
    organizationId: organizationId(),
    leadA: uuid('lead_a')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    leadB: uuid('lead_b')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.leadA, t.leadB] })],
);
