import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { AuditKind } from '@leadline/shared/audit';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';
import { inOrganization } from '../../db/scope.ts';
import { auditEntries } from '../../db/tables.ts';

export type AuditRow = typeof auditEntries.$inferSelect;

/** Which entries: one organisation's (null: every organisation's and those of none). */
export type AuditSelection = {
  organizationId: string | null;
  kind?: AuditKind;
  actorId?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
};

/**
 * Newest first (the order of the indexes); with `after`, the entries older than that entry,
 * compared inside SQL so that timestamps keep their microseconds.
 */
export const findAuditEntries = (
  db: Db,
  selection: AuditSelection,
  limit: number,
  after?: string,
): Promise<AuditRow[]> =>
  db
    .select()
    .from(auditEntries)
    .where(
      and(
        inOrganization(auditEntries.organizationId, selection.organizationId),
        selection.kind ? eq(auditEntries.kind, selection.kind) : undefined,
        selection.actorId ? eq(auditEntries.actorId, selection.actorId) : undefined,
        selection.from ? gte(auditEntries.at, selection.from) : undefined,
        selection.to ? lt(auditEntries.at, selection.to) : undefined,
        after
          ? sql`(${auditEntries.at}, ${auditEntries.id}) <
              (SELECT a.at, a.id FROM audit_entries a WHERE a.id = ${after})`
          : undefined,
      ),
    )
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(limit);

const PRUNE_BATCH = 5000;

/**
 * Deletes the entries older than `days`, a batch per transaction. Only here may rows go: the
 * table's trigger lets a DELETE through when the transaction set leadline.audit_prune.
 */
export const deleteAuditOlderThan = async (db: Db, days: number): Promise<number> => {
  let total = 0;
  for (;;) {
    const deleted = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('leadline.audit_prune', 'on', true)`);
      const result = await tx.execute(sql`
        DELETE FROM audit_entries WHERE id IN (
          SELECT id FROM audit_entries
          WHERE at < now() - make_interval(days => ${days}::int)
          ORDER BY at LIMIT ${PRUNE_BATCH})
        RETURNING 1`);
      return rowsOf(result).length;
    });
    total += deleted;
    if (deleted < PRUNE_BATCH) return total;
  }
};
