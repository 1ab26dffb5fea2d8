import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';
import { leads, tasks, users } from '../../db/tables.ts';

export type TaskRecord = typeof tasks.$inferSelect;
export type NewTask = typeof tasks.$inferInsert;

/** A task with its owner's name and its lead's person (for the answer). */
export type TaskRow = TaskRecord & {
  ownerName: string | null;
  lead: { personFirstName: string; personLastName: string } | null;
};

/** Which tasks a list holds: by owner, lead, open only. */
export type TaskFilter = { ownerId?: string; leadId?: string; open?: boolean };

/** How many tasks one list answers at most. */
export const TASK_LIST_LIMIT = 500;

const selectRows = (db: Db, where: SQL | undefined) =>
  db
    .select({
      task: tasks,
      ownerName: users.name,
      personFirstName: leads.personFirstName,
      personLastName: leads.personLastName,
    })
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.ownerId))
    .leftJoin(leads, eq(leads.id, tasks.leadId))
    .where(where);

type Selected = Awaited<ReturnType<typeof selectRows>>[number];

const toRow = (row: Selected): TaskRow => ({
  ...row.task,
  ownerName: row.ownerName,
  lead:
    row.task.leadId && row.personFirstName !== null
      ? { personFirstName: row.personFirstName, personLastName: row.personLastName ?? '' }
      : null,
});

export const findTask = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<TaskRow | undefined> => {
  const [row] = await selectRows(
    db,
    and(eq(tasks.organizationId, organizationId), eq(tasks.id, id)),
  ).limit(1);
  return row ? toRow(row) : undefined;
};

/** Open tasks first, by due date (so overdue ones lead), then done ones. */
export const findTasks = async (
  db: Db,
  organizationId: string,
  filter: TaskFilter,
): Promise<TaskRow[]> => {
  const rows = await selectRows(
    db,
    and(
      eq(tasks.organizationId, organizationId),
      filter.ownerId ? eq(tasks.ownerId, filter.ownerId) : undefined,
      filter.leadId ? eq(tasks.leadId, filter.leadId) : undefined,
      filter.open ? isNull(tasks.doneAt) : undefined,
    ),
  )
    .orderBy(
      sql`${tasks.doneAt} is not null`,
      asc(tasks.dueDate),
      asc(tasks.createdAt),
      asc(tasks.id),
    )
    .limit(TASK_LIST_LIMIT);
  return rows.map(toRow);
};

export const insertTask = async (db: Db, task: NewTask): Promise<TaskRecord> => {
  const [row] = await db.insert(tasks).values(task).returning();
  return row!;
};

export const updateTaskRow = async (
  db: Db,
  organizationId: string,
  id: string,
  changes: Partial<Pick<TaskRecord, 'title' | 'dueDate' | 'doneAt' | 'doneBy'>>,
): Promise<void> => {
  await db
    .update(tasks)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(tasks.organizationId, organizationId), eq(tasks.id, id)));
};

export const deleteTaskRow = async (db: Db, organizationId: string, id: string): Promise<void> => {
  await db.delete(tasks).where(and(eq(tasks.organizationId, organizationId), eq(tasks.id, id)));
};

/** A deleted user's tasks go to their successor (open and done alike). */
export const reassignTasks = async (
  db: Db,
  organizationId: string,
  fromUserId: string,
  toUserId: string,
): Promise<number> => {
  const rows = await db
    .update(tasks)
    .set({ ownerId: toUserId, updatedAt: sql`now()` })
    .where(and(eq(tasks.organizationId, organizationId), eq(tasks.ownerId, fromUserId)))
    .returning({ id: tasks.id });
  return rows.length;
};

/**
 * One task per lead of a LinkedIn or call campaign's first step (an existing one is kept):
 * titled by `title` (SQL naming the lead, from `leads`), owned by the lead's owner, else
 * `fallbackOwnerId`. Answers how many were added.
 */
export const insertCampaignTaskRows = async (
  db: Db,
  campaign: { id: string; organizationId: string },
  title: (lead: typeof leads) => SQL,
  dueDate: string,
  fallbackOwnerId: string | null,
): Promise<number> => {
  const result = await db.execute(sql`
    INSERT INTO ${tasks} (organization_id, title, due_date, owner_id, lead_id, campaign_id)
    SELECT ${campaign.organizationId}::uuid, ${title(leads)}, ${dueDate}::date,
      coalesce(${leads.ownerId}, ${fallbackOwnerId}::uuid), ${leads.id}, ${campaign.id}::uuid
    FROM campaign_deliveries d JOIN ${leads} ON ${leads.id} = d.lead_id
    WHERE d.campaign_id = ${campaign.id} AND d.step = 0
    ON CONFLICT DO NOTHING
    RETURNING id`);
  return rowsOf(result).length;
};

/** Marks a campaign's task for the lead done (or open again); none when it has none. */
export const setCampaignTaskRow = async (
  db: Db,
  campaignId: string,
  leadId: string,
  done: boolean,
  userId: string,
): Promise<void> => {
  await db
    .update(tasks)
    .set(
      done
        ? { doneAt: sql`coalesce(${tasks.doneAt}, now())`, doneBy: userId, updatedAt: sql`now()` }
        : { doneAt: null, doneBy: null, updatedAt: sql`now()` },
    )
    .where(
      and(
        eq(tasks.campaignId, campaignId),
        eq(tasks.leadId, leadId),
        done ? isNull(tasks.doneAt) : isNotNull(tasks.doneAt),
      ),
    );
};
