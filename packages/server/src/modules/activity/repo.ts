import { and, eq, sql } from 'drizzle-orm';
import type { ActivityType } from '@leadline/shared/activity';
import type { Db } from '../../db/connection.ts';
import { inOrganization } from '../../db/scope.ts';
import { activityLog } from '../../db/schema.ts';

export type { ActivityType };

export type NewActivity = {
  organizationId: string | null;
  userId: string | null;
  type: ActivityType;
  action: string;
  details: string;
  /** The lead, client, campaign or meeting the entry is about, for its own history. */
  entityId?: string | null;
  /** Now, unless given (demo data). */
  createdAt?: Date;
};

export type ActivityRow = {
  id: string;
  type: ActivityType;
  action: string;
  details: string;
  createdAt: Date;
};

export const logActivity = async (db: Db, entry: NewActivity): Promise<void> => {
  await db.insert(activityLog).values(entry);
};

/** Many entries at once (one per lead of a bulk change), a thousand rows a statement. */
export const logActivities = async (db: Db, entries: readonly NewActivity[]): Promise<void> => {
  for (let start = 0; start < entries.length; start += 1000) {
    await db.insert(activityLog).values(entries.slice(start, start + 1000));
  }
};

/** null: every organisation's entries and those of no organisation (Super Admin). */
const inScope = (organizationId: string | null) =>
  inOrganization(activityLog.organizationId, organizationId);

export const activityExists = async (
  db: Db,
  organizationId: string | null,
  id: string,
): Promise<boolean> => {
  const [row] = await db
    .select({ id: activityLog.id })
    .from(activityLog)
    .where(and(inScope(organizationId), eq(activityLog.id, id)))
    .limit(1);
  return row !== undefined;
};

/** What a reader of the log gets of an entry. */
export const activityColumns = {
  id: activityLog.id,
  type: activityLog.type,
  action: activityLog.action,
  details: activityLog.details,
  createdAt: activityLog.createdAt,
};

/**
 * Newest first (the order of the activity_org_time_idx index); with `before`, only entries
 * older than that entry. The cursor is compared inside SQL so that timestamps keep their
 * microseconds.
 */
export const listActivity = (
  db: Db,
  organizationId: string | null,
  options: { limit: number; before?: string; entityId?: string; action?: string },
): Promise<ActivityRow[]> =>
  db
    .select(activityColumns)
    .from(activityLog)
    .where(
      and(
        inScope(organizationId),
        options.entityId ? eq(activityLog.entityId, options.entityId) : undefined,
        options.action ? eq(activityLog.action, options.action) : undefined,
        options.before
          ? sql`(${activityLog.createdAt}, ${activityLog.id}) < (SELECT c.created_at, c.id FROM activity_log c WHERE c.id = ${options.before})`
          : undefined,
      ),
    )
    .orderBy(sql`${activityLog.createdAt} DESC NULLS LAST`, sql`${activityLog.id} DESC NULLS LAST`)
    .limit(options.limit);

/** When the entity's latest entry with this action was written; undefined if never. */
export const lastLoggedAt = async (
  db: Db,
  organizationId: string,
  entityId: string,
  action: string,
): Promise<Date | undefined> => {
  const [entry] = await listActivity(db, organizationId, { limit: 1, entityId, action });
  return entry?.createdAt;
};
