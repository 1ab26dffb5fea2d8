import { hasPermission } from '@leadline/shared/permissions';
import {
  NO_TASK_ORGANIZATION,
  TASK_NOT_FOUND,
  TASK_OTHERS_NEED_PERMISSION,
} from '@leadline/shared/tasks';
import type { Task, TaskCreateData, TaskUpdateData } from '@leadline/shared/tasks';
import type { Db } from '../../db/connection.ts';
import { organizationIn } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { managesLeads } from '../leads/access.ts';
import { validOwner } from '../leads/owners.ts';
import { getLead } from '../leads/service.ts';
import { onUserDeleting } from '../users/deletion.ts';
import { campaignTaskChanged } from './campaign-tasks.ts';
import { toTask } from './present.ts';
import {
  deleteTaskRow,
  findTask,
  findTasks,
  insertTask,
  reassignTasks,
  updateTaskRow,
} from './repo.ts';
import type { TaskRow } from './repo.ts';

const organizationOf = (actor: CurrentUser): string => organizationIn(actor, NO_TASK_ORGANIZATION);

/** Giving a task to someone else, or touching theirs, takes Lead Management. */
const checkOwner = (actor: CurrentUser, ownerId: string | null): void => {
  if (ownerId !== actor.id && !managesLeads(actor)) throw forbidden(TASK_OTHERS_NEED_PERMISSION);
};

const loadTask = async (db: Db, organizationId: string, id: string): Promise<TaskRow> => {
  const row = await findTask(db, organizationId, id);
  if (!row) throw notFound(TASK_NOT_FOUND);
  return row;
};

/**
 * GET /api/tasks: `mine` the caller's, `leadId` the lead's (404 outside the organisation),
 * `open` without done ones. Open ones come first, by due date (overdue ones lead). Without
 * Lead Management a caller sees only their own tasks, except a lead's (whoever may open the
 * lead on the Leads page sees its tasks).
 */
export const listTasks = async (
  db: Db,
  actor: CurrentUser,
  query: { mine: boolean; open: boolean; leadId?: string },
): Promise<Task[]> => {
  const organizationId = organizationOf(actor);
  if (query.leadId) await getLead(db, actor, query.leadId);
  const seesLeadTasks = query.leadId !== undefined && hasPermission(actor, 'leadsTable');
  const onlyMine = query.mine || !(managesLeads(actor) || seesLeadTasks);
  const rows = await findTasks(db, organizationId, {
    ownerId: onlyMine ? actor.id : undefined,
    leadId: query.leadId?.toLowerCase(),
    open: query.open,
  });
  return rows.map((row) => toTask(row));
};

/**
 * POST /api/tasks: the caller's own task unless they manage leads; the lead of the
 * organisation. An Automation rule's task (`automationId`) goes to the lead's owner whoever the
 * rule acts as: giving it is what the rule's author was allowed to set up.
 */
export const createTask = async (
  db: Db,
  actor: CurrentUser,
  data: TaskCreateData,
  extra: { automationId?: string } = {},
): Promise<Task> => {
  const organizationId = organizationOf(actor);
  const ownerId = data.ownerId?.toLowerCase() ?? actor.id;
  if (!extra.automationId) checkOwner(actor, ownerId);
  if (ownerId !== actor.id || actor.row.organizationId !== organizationId)
    await validOwner(db, organizationId, ownerId);
  const lead = data.leadId ? await getLead(db, actor, data.leadId) : null;
  const created = await insertTask(db, {
    organizationId,
    title: data.title,
    dueDate: data.dueDate,
    ownerId,
    leadId: lead?._id ?? null,
    automationId: extra.automationId ?? null,
    createdBy: actor.id,
  });
  return toTask(await loadTask(db, organizationId, created.id));
};

/** PATCH /api/tasks/:id: done (a campaign's task ticks its campaign step too), title, due date. */
export const updateTask = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  changes: TaskUpdateData,
): Promise<Task> => {
  const organizationId = organizationOf(actor);
  await db.transaction(async (tx) => {
    const task = await loadTask(tx, organizationId, id);
    checkOwner(actor, task.ownerId);
    const wasDone = task.doneAt !== null;
    const toggles = changes.done !== undefined && changes.done !== wasDone;
    await updateTaskRow(tx, organizationId, task.id, {
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.dueDate !== undefined ? { dueDate: changes.dueDate } : {}),
      ...(toggles
        ? changes.done
          ? { doneAt: new Date(), doneBy: actor.id }
          : { doneAt: null, doneBy: null }
        : {}),
    });
    if (toggles && task.campaignId && task.leadId)
      await campaignTaskChanged(tx, {
        organizationId,
        campaignId: task.campaignId,
        leadId: task.leadId,
        done: changes.done!,
        actorId: actor.id,
      });
  });
  return toTask(await loadTask(db, organizationId, id));
};

/** DELETE /api/tasks/:id */
export const deleteTask = async (db: Db, actor: CurrentUser, id: string): Promise<void> => {
  const organizationId = organizationOf(actor);
  const task = await loadTask(db, organizationId, id);
  checkOwner(actor, task.ownerId);
  await deleteTaskRow(db, organizationId, task.id);
};

// A deleted user's tasks go to their successor, in the deletion's transaction.
onUserDeleting(async (tx, { user, successor }) => {
  if (user.organizationId) await reassignTasks(tx, user.organizationId, user.id, successor.id);
});
