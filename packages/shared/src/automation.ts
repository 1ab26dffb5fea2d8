import { z } from 'zod';
import { answerSchema, isoDateTime, nullableDateTime, text } from './answers.ts';
import { EVENT_TYPES } from './events.ts';
import type { EventType } from './events.ts';
import { uuidSchema } from './ids.ts';
import { LEAD_STATUSES } from './leads.ts';
import { withKnownMergeFields } from './merge-fields.ts';
import { hitClassesField } from './tracking.ts';
import type { HitClass } from './tracking.ts';
import type { PermissionKey } from './permissions.ts';

/* Automation rules: when (one event type), if (conditions on the lead), then (actions). */

export const AUTOMATION_NAME_MAX = 120;
export const AUTOMATION_CONDITIONS_MAX = 10;
export const AUTOMATION_ACTIONS_MAX = 10;
export const ROUND_ROBIN_USERS_MAX = 50;
export const TASK_DUE_DAYS_MAX = 365;
/** How many rules one organisation may have (switched on or off). */
export const AUTOMATION_RULES_MAX = 100;
export const AUTOMATION_RULES_FULL = `An organisation can have at most ${AUTOMATION_RULES_MAX} Automation rules: delete one you no longer need before creating another`;
/**
 * How many rule runs one change may set off in all, every rule and level counted (a rule's
 * change sets off runs of the other rules, and so on); past it one skipped run says so.
 */
export const AUTOMATION_CASCADE_RUNS_MAX = 100;
export const AUTOMATION_NOT_FOUND = 'Automation rule not found';
export const INVALID_AUTOMATION_ID = 'Invalid automation rule ID';
export const NO_AUTOMATION_ORGANIZATION =
  'Choose an organisation in the header to manage Automation rules';

export const CONDITION_FIELDS = [
  'status',
  'source',
  'industry',
  'owner',
  'country',
  'campaignTag',
  'stage',
] as const;
export type ConditionField = (typeof CONDITION_FIELDS)[number];
export const CONDITION_FIELD_LABELS: Record<ConditionField, string> = {
  status: 'Status',
  source: 'Source',
  industry: 'Industry',
  owner: 'Owner',
  country: 'Country',
  campaignTag: 'Campaign tag',
  stage: 'Deal stage',
};

export const CONDITION_OPS = ['equals', 'not_equals', 'contains'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];
export const CONDITION_OP_LABELS: Record<ConditionOp, string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  contains: 'contains',
};

export const ACTION_TYPES = [
  'set_status',
  'assign_owner',
  'assign_round_robin',
  'add_to_campaign',
  'create_task',
  'webhook',
  'notify_owner',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
export const ACTION_LABELS: Record<ActionType, string> = {
  set_status: 'Set status',
  assign_owner: 'Assign owner',
  assign_round_robin: 'Assign round-robin',
  add_to_campaign: 'Add to a campaign',
  create_task: 'Create a task for the owner',
  webhook: 'Send a webhook',
  notify_owner: 'Notify the owner by email',
};

/**
 * What a rule's author must hold, beyond Automation, for each action to run: what the same
 * change by hand needs (the Leads page for a lead's status, owner, task and notice; Campaigns to
 * add a lead to a campaign). The services' own checks apply on top (Lead Management to give a
 * lead or a task to someone else, or to change someone else's lead).
 */
export const ACTION_PERMISSIONS: Record<ActionType, readonly PermissionKey[]> = {
  set_status: ['leadsTable'],
  assign_owner: ['leadsTable'],
  assign_round_robin: ['leadsTable'],
  add_to_campaign: ['campaigns'],
  create_task: ['leadsTable'],
  webhook: [],
  notify_owner: ['leadsTable'],
};

const words = (label: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A condition on a custom field of the lead: `custom.<key>`. */
export type CustomConditionField = `custom.${string}`;
const CONDITION_FIELD_PATTERN = new RegExp(
  `^(${CONDITION_FIELDS.join('|')}|custom\\.[a-z][a-z0-9_]{0,49})$`,
);
export const isCustomConditionField = (field: string): field is CustomConditionField =>
  field.startsWith('custom.');

/** How a condition's field is named: its label, or a custom field's (by key). */
export const conditionFieldLabel = (
  field: string,
  customFields: readonly { key: string; label: string }[] = [],
): string =>
  isCustomConditionField(field)
    ? (customFields.find((custom) => `custom.${custom.key}` === field)?.label ??
      field.slice('custom.'.length))
    : (CONDITION_FIELD_LABELS[field as ConditionField] ?? field);

export const conditionSchema = z.object({
  field: z
    .string({
      error: `Condition field must be one of ${CONDITION_FIELDS.join(', ')} or custom.<key>`,
    })
    .regex(
      CONDITION_FIELD_PATTERN,
      `Condition field must be one of ${CONDITION_FIELDS.join(', ')} or custom.<key>`,
    ),
  op: z.enum(CONDITION_OPS, { error: 'Condition op must be equals, not_equals or contains' }),
  value: words('Condition value', 200),
});
/** `field`: a ConditionField or `custom.<key>` (the schema's pattern). */
export type Condition = z.output<typeof conditionSchema>;

const userId = uuidSchema('Please choose a valid user');

/** The longest note a "Notify the owner" action may add to its email. */
export const NOTIFY_MESSAGE_MAX = 1000;

export const actionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('set_status'),
      status: z.enum(LEAD_STATUSES, { error: 'Please choose a valid status' }),
    }),
    z.object({ type: z.literal('assign_owner'), ownerId: userId }),
    z.object({
      type: z.literal('assign_round_robin'),
      userIds: z
        .array(userId, { error: 'userIds must be a list of users' })
        .min(1, 'Choose at least one user for round-robin')
        .max(ROUND_ROBIN_USERS_MAX, `At most ${ROUND_ROBIN_USERS_MAX} users`),
    }),
    z.object({
      type: z.literal('add_to_campaign'),
      campaignId: uuidSchema('Please choose a valid campaign'),
    }),
    z.object({
      type: z.literal('create_task'),
      title: withKnownMergeFields(words('Task title', 200)),
      dueInDays: z
        .number({ error: 'Due in days must be a number' })
        .int('Due in days must be a whole number')
        .min(0, 'Due in days must be 0 or more')
        .max(TASK_DUE_DAYS_MAX, `Due in days must be at most ${TASK_DUE_DAYS_MAX}`),
    }),
    z.object({
      type: z.literal('webhook'),
      url: words('Webhook URL', 2000).refine((url) => {
        try {
          return ['http:', 'https:'].includes(new URL(url).protocol);
        } catch {
          return false;
        }
      }, 'Webhook URL must be a valid http or https address'),
    }),
    z.object({
      type: z.literal('notify_owner'),
      /** The owner's note in the email, with merge fields; optional. */
      message: withKnownMergeFields(
        z
          .string({ error: 'Message must be text' })
          .trim()
          .max(NOTIFY_MESSAGE_MAX, `Message must be at most ${NOTIFY_MESSAGE_MAX} characters`),
      ).optional(),
    }),
  ],
  { error: `Action type must be one of ${ACTION_TYPES.join(', ')}` },
);
export type Action = z.output<typeof actionSchema>;
export type ActionInput = z.input<typeof actionSchema>;

const ruleFields = {
  name: words('Name', AUTOMATION_NAME_MAX),
  trigger: z.enum(EVENT_TYPES, { error: 'Please choose a valid trigger event' }),
  conditions: z
    .array(conditionSchema, { error: 'conditions must be a list' })
    .max(AUTOMATION_CONDITIONS_MAX, `At most ${AUTOMATION_CONDITIONS_MAX} conditions`),
  actions: z
    .array(actionSchema, { error: 'actions must be a list' })
    .min(1, 'Add at least one action')
    .max(AUTOMATION_ACTIONS_MAX, `At most ${AUTOMATION_ACTIONS_MAX} actions`),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  /**
   * Rules on email.opened / email.clicked: the classes of hit that set them off (default:
   * people's only; a privacy proxy's or a machine's open is no sign anyone read).
   */
  hitClasses: hitClassesField,
};

/** POST /api/automations */
export const automationCreateSchema = z.object({
  ...ruleFields,
  conditions: ruleFields.conditions.optional().default([]),
  enabled: ruleFields.enabled.optional().default(true),
  hitClasses: ruleFields.hitClasses.optional(),
});
export type AutomationInput = z.input<typeof automationCreateSchema>;
export type AutomationData = z.output<typeof automationCreateSchema>;

/** PUT /api/automations/:id: the fields sent change (the on/off switch sends `enabled` only). */
export const automationUpdateSchema = z
  .object(ruleFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type AutomationUpdateData = z.output<typeof automationUpdateSchema>;

export const RUN_STATUSES = ['pending', 'succeeded', 'skipped', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export type Automation = {
  _id: string;
  name: string;
  trigger: EventType;
  conditions: Condition[];
  actions: Action[];
  enabled: boolean;
  /** Which hits set off an email.opened / email.clicked rule (other triggers: unused). */
  hitClasses: HitClass[];
  createdBy: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
  lastRunAt: string | null;
  counts: Record<RunStatus, number>;
};

export type AutomationRun = {
  _id: string;
  eventId: string;
  eventType: string;
  lead: { id: string; name: string } | null;
  depth: number;
  status: RunStatus;
  outcome: string;
  createdAt: string;
  finishedAt: string | null;
};

const counts = z.object({
  pending: z.number(),
  succeeded: z.number(),
  skipped: z.number(),
  failed: z.number(),
});

export const automationAnswerSchema = answerSchema<Automation>()({
  _id: text,
  name: text,
  trigger: z.enum(EVENT_TYPES),
  conditions: z.array(conditionSchema),
  actions: z.array(actionSchema),
  enabled: z.boolean(),
  hitClasses: z.array(text),
  createdBy: z.object({ id: text, name: text }).nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  lastRunAt: nullableDateTime,
  counts,
});

export const automationRunAnswerSchema = answerSchema<AutomationRun>()({
  _id: text,
  eventId: text,
  eventType: text,
  lead: z.object({ id: text, name: text }).nullable(),
  depth: z.number(),
  status: z.enum(RUN_STATUSES),
  outcome: text,
  createdAt: isoDateTime,
  finishedAt: nullableDateTime,
});

/** GET /api/automations/options: what the rule form offers to pick. */
export type AutomationOptions = {
  users: { id: string; name: string; active: boolean }[];
  campaigns: { id: string; name: string; type: string; status: string }[];
  /** The deal stages' names (a "Deal stage" condition compares the lead's stage's name). */
  stages: string[];
  /** The organisation's lead custom fields a condition may compare. */
  customFields: { key: string; label: string }[];
};

export const automationOptionsAnswerSchema = answerSchema<AutomationOptions>()({
  users: z.array(z.object({ id: text, name: text, active: z.boolean() })),
  campaigns: z.array(z.object({ id: text, name: text, type: text, status: text })),
  stages: z.array(text),
  customFields: z.array(z.object({ key: text, label: text })),
});
