import type { Task } from '@leadline/shared/tasks';
import { leadName } from '../leads/present.ts';
import type { TaskRow } from './repo.ts';

/** Today (UTC) as `YYYY-MM-DD`: a task due before it and not done is overdue. */
const today = (): string => new Date().toISOString().slice(0, 10);

/** A task as the API answers it. */
export const toTask = (row: TaskRow, now = today()): Task => ({
  _id: row.id,
  title: row.title,
  dueDate: row.dueDate,
  done: row.doneAt !== null,
  doneAt: row.doneAt ? row.doneAt.toISOString() : null,
  overdue: row.doneAt === null && row.dueDate < now,
  owner: row.ownerId ? { id: row.ownerId, name: row.ownerName ?? '' } : null,
  lead: row.leadId && row.lead ? { id: row.leadId, name: leadName(row.lead) } : null,
  campaignId: row.campaignId,
  automationId: row.automationId,
  createdAt: row.createdAt.toISOString(),
});
