import { z } from 'zod';
import { answerSchema, isoDateTime, nullableDateTime, text } from './answers.ts';
import { dateField } from './dates.ts';
import { uuidSchema } from './ids.ts';

/* Tasks: a to-do with a due date for one user, by hand, from an Automation rule or a LinkedIn
   or call campaign's step for one lead. */

export const TASK_TITLE_MAX = 200;
export const TASK_NOT_FOUND = 'Task not found';
export const INVALID_TASK_ID = 'Invalid task ID';
export const TASK_LEAD_NOT_FOUND = 'Lead not found';
export const TASK_OWNER_INVALID = 'Please choose a valid owner';
export const TASK_OTHERS_NEED_PERMISSION =
  'Only users with Lead Management may give tasks to others or change their tasks';
export const TASK_CHANGE_REQUIRED = 'Nothing to change: send done, title or dueDate';
export const NO_TASK_ORGANIZATION = 'Choose an organisation in the header to manage tasks';

const title = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Title is required' : 'Title must be text'),
  })
  .trim()
  .min(1, 'Title is required')
  .max(TASK_TITLE_MAX, `Title must be at most ${TASK_TITLE_MAX} characters`);

const dueDate = dateField('Due date');

/** POST /api/tasks */
export const taskCreateSchema = z.object({
  title,
  dueDate,
  leadId: uuidSchema('Invalid lead ID').optional(),
  ownerId: uuidSchema(TASK_OWNER_INVALID).optional(),
});
export type TaskCreateInput = z.input<typeof taskCreateSchema>;
export type TaskCreateData = z.output<typeof taskCreateSchema>;

/** PATCH /api/tasks/:id: any of done, title, due date. */
export const taskUpdateSchema = z
  .object({
    done: z.boolean({ error: 'Done must be true or false' }).optional(),
    title: title.optional(),
    dueDate: dueDate.optional(),
  })
  .refine(
    (body) => body.done !== undefined || body.title !== undefined || body.dueDate !== undefined,
    TASK_CHANGE_REQUIRED,
  );
export type TaskUpdateData = z.output<typeof taskUpdateSchema>;

/** `?mine` and `?open` are flags: present (empty or "true") means on; "false" or "0" off. */
const flag = z
  .string()
  .max(10)
  .optional()
  .transform((value) => value !== undefined && value !== 'false' && value !== '0');

/** GET /api/tasks?mine&open&leadId= */
export const taskListQuerySchema = z.object({
  mine: flag,
  open: flag,
  leadId: uuidSchema('Invalid lead ID').optional(),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

/** A task as the API answers it; `overdue`: open and due before today (UTC). */
export type Task = {
  _id: string;
  title: string;
  dueDate: string;
  done: boolean;
  doneAt: string | null;
  overdue: boolean;
  owner: { id: string; name: string } | null;
  lead: { id: string; name: string } | null;
  campaignId: string | null;
  automationId: string | null;
  createdAt: string;
};

const named = z.object({ id: text, name: text }).nullable();

export const taskAnswerSchema = answerSchema<Task>()({
  _id: text,
  title: text,
  dueDate: text,
  done: z.boolean(),
  doneAt: nullableDateTime,
  overdue: z.boolean(),
  owner: named,
  lead: named,
  campaignId: text.nullable(),
  automationId: text.nullable(),
  createdAt: isoDateTime,
});

/** Today as `YYYY-MM-DD` (UTC), and that day plus `days`. */
export const dayAfter = (days: number, from = new Date()): string =>
  new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
