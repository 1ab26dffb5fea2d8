import { activeFields } from '../custom-fields/values.ts';
import {
  AUTOMATION_NOT_FOUND,
  AUTOMATION_RULES_FULL,
  AUTOMATION_RULES_MAX,
  NO_AUTOMATION_ORGANIZATION,
  actionSchema,
  conditionSchema,
} from '@leadline/shared/automation';
import type {
  Action,
  Automation,
  AutomationData,
  AutomationOptions,
  AutomationRun,
  AutomationUpdateData,
} from '@leadline/shared/automation';
import type { EventType } from '@leadline/shared/events';
import { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { organizationIn } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { logActivity } from '../activity/log.ts';
import { recordAudit } from '../audit/record.ts';
import type { AuditWho } from '../audit/record.ts';
import { leadName } from '../leads/present.ts';
import { validOwner } from '../leads/owners.ts';
import { listOrganizationMembers } from '../users/store.ts';
import { findStages } from '../stages/lookup.ts';
import { webhookUrlRefusal } from '../webhooks/post.ts';
import {
  campaignInOrganization,
  countAutomationsLocked,
  countRuns,
  deleteAutomationRow,
  findAutomation,
  findAutomations,
  findCampaignOptions,
  findRuns,
  insertAutomation,
  updateAutomationRow,
} from './repo.ts';
import type { AutomationRecord, RunListRow, RunStatusCounts } from './repo.ts';
import { hitClassesOf } from './hit-classes.ts';

export const CAMPAIGN_UNKNOWN = 'Campaign not found in this organisation';

const organizationOf = (actor: CurrentUser): string =>
  organizationIn(actor, NO_AUTOMATION_ORGANIZATION);

const toAutomation = (row: AutomationRecord, counts: RunStatusCounts): Automation => ({
  _id: row.id,
  name: row.name,
  trigger: row.trigger as EventType,
  conditions: z.array(conditionSchema).parse(row.conditions),
  actions: z.array(actionSchema).parse(row.actions),
  enabled: row.enabled,
  hitClasses: hitClassesOf(row),
  createdBy: row.createdBy ? { id: row.createdBy, name: row.creatorName ?? '' } : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  lastRunAt: row.lastRunAt ? row.lastRunAt.toISOString() : null,
  counts: counts.get(row.id) ?? { pending: 0, succeeded: 0, skipped: 0, failed: 0 },
});

const toRun = (row: RunListRow): AutomationRun => ({
  _id: row.id,
  eventId: row.eventId,
  eventType: row.eventType,
  lead: row.leadId && row.lead ? { id: row.leadId, name: leadName(row.lead) } : null,
  depth: row.depth,
  status: row.status,
  outcome: row.outcome,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
});

/** The field an action's refusal names (`actions.2.ownerId`). */
const refuse = (index: number, field: string, message: string): never => {
  throw badRequest(message, { [`actions.${index}.${field}`]: message });
};

/**
 * Checks what the schema cannot: users are active users of the organisation, the campaign is
 * the organisation's, the webhook URL is one the server may POST to. Answers the actions with
 * ids lower-cased and round-robin users without repeats.
 */
const checkActions = async (
  db: Db,
  organizationId: string,
  actions: readonly Action[],
): Promise<Action[]> => {
  const checked: Action[] = [];
  for (const [index, action] of actions.entries()) {
    const owner = async (field: string, id: string) => {
      try {
        return (await validOwner(db, organizationId, id.toLowerCase())).id;
      } catch (error) {
        if (error instanceof HttpError) refuse(index, field, error.message);
        throw error;
      }
    };
    switch (action.type) {
      case 'assign_owner':
        checked.push({ ...action, ownerId: await owner('ownerId', action.ownerId) });
        break;
      case 'assign_round_robin': {
        const userIds: string[] = [];
        for (const id of new Set(action.userIds.map((userId) => userId.toLowerCase())))
          userIds.push(await owner('userIds', id));
        checked.push({ ...action, userIds });
        break;
      }
      case 'add_to_campaign': {
        const campaignId = action.campaignId.toLowerCase();
        if (!(await campaignInOrganization(db, organizationId, campaignId)))
          refuse(index, 'campaignId', CAMPAIGN_UNKNOWN);
        checked.push({ ...action, campaignId });
        break;
      }
      case 'webhook': {
        // Judged as a webhook's URL is at save (the host resolved, private and metadata
        // addresses refused); every run checks again before it POSTs.
        const problem = await webhookUrlRefusal(action.url);
        if (problem) refuse(index, 'url', problem);
        checked.push(action);
        break;
      }
      default:
        checked.push(action);
    }
  }
  return checked;
};

const loadRule = async (db: Db, organizationId: string, id: string): Promise<AutomationRecord> => {
  const row = await findAutomation(db, organizationId, id.toLowerCase());
  if (!row) throw notFound(AUTOMATION_NOT_FOUND);
  return row;
};

const present = async (db: Db, row: AutomationRecord): Promise<Automation> =>
  toAutomation(row, await countRuns(db, [row.id]));

/** GET /api/automations: the organisation's rules, newest first, with their run counts. */
export const listAutomations = async (db: Db, actor: CurrentUser): Promise<Automation[]> => {
  const rows = await findAutomations(db, organizationOf(actor));
  const counts = await countRuns(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAutomation(row, counts));
};

export const getAutomation = async (db: Db, actor: CurrentUser, id: string): Promise<Automation> =>
  present(db, await loadRule(db, organizationOf(actor), id));

/**
 * POST /api/automations: the rule acts as its author (see engine.ts). An organisation has at
 * most AUTOMATION_RULES_MAX rules (409 past it): each event is matched against them all.
 */
export const createAutomation = async (
  db: Db,
  actor: CurrentUser,
  data: AutomationData,
  who: AuditWho,
): Promise<Automation> => {
  const organizationId = organizationOf(actor);
  const actions = await checkActions(db, organizationId, data.actions);
  const row = await db.transaction(async (tx) => {
    if ((await countAutomationsLocked(tx, organizationId)) >= AUTOMATION_RULES_MAX)
      throw conflict(AUTOMATION_RULES_FULL);
    const created = await insertAutomation(tx, {
      organizationId,
      name: data.name,
      trigger: data.trigger,
      conditions: data.conditions,
      actions,
      enabled: data.enabled,
      hitClasses: data.hitClasses ?? null,
      createdBy: actor.id,
    });
    await recordAudit(tx, who, 'automation.created', {
      automationId: created.id,
      name: data.name,
      trigger: data.trigger,
      enabled: data.enabled,
    });
    return created;
  });
  return present(db, await loadRule(db, organizationId, row.id));
};

/**
 * The activity entry of a rule switched on, or taken over by whoever saved it: who it acts as
 * from now on is who answers for what it does.
 */
const logTakeOver = (
  db: Db,
  actor: CurrentUser,
  rule: AutomationRecord,
  switchedOn: boolean,
  author: string | null,
) => {
  const actsAs = author === actor.id ? actor.name : (rule.creatorName ?? 'nobody');
  const was =
    author !== rule.createdBy && rule.createdBy ? ` (it acted as ${rule.creatorName ?? ''})` : '';
  return logActivity(db, {
    organizationId: rule.organizationId,
    userId: actor.id,
    type: 'Automation',
    entityId: rule.id,
    action: switchedOn ? 'rule switched on' : 'rule author changed',
    details: `Rule "${rule.name}" ${switchedOn ? 'switched on' : 'saved'} by ${actor.name}: it now acts as ${actsAs}${was}`,
  });
};

/**
 * PUT /api/automations/:id: the fields sent change. Whoever switches a rule on or saves its
 * definition becomes its author, the user it acts as (with an activity entry); switching it off
 * does not change that. A Super Admin working in another organisation cannot be a rule's author
 * there (the rule acts as a user of its own organisation), so their change keeps the author.
 */
export const updateAutomation = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  changes: AutomationUpdateData,
  who: AuditWho,
): Promise<Automation> => {
  const organizationId = organizationOf(actor);
  const rule = await loadRule(db, organizationId, id);
  const actions = changes.actions
    ? await checkActions(db, organizationId, changes.actions)
    : undefined;
  const definition = Object.keys(changes).some((key) => key !== 'enabled');
  const switchedOn = changes.enabled === true && !rule.enabled;
  const author =
    (definition || switchedOn) && actor.row.organizationId === organizationId
      ? actor.id
      : rule.createdBy;
  await db.transaction(async (tx) => {
    await updateAutomationRow(tx, organizationId, rule.id, {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.trigger !== undefined ? { trigger: changes.trigger } : {}),
      ...(changes.conditions !== undefined ? { conditions: changes.conditions } : {}),
      ...(actions ? { actions } : {}),
      ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
      ...(changes.hitClasses !== undefined ? { hitClasses: changes.hitClasses } : {}),
      createdBy: author,
    });
    if (switchedOn || author !== rule.createdBy)
      await logTakeOver(
        tx,
        actor,
        { ...rule, name: changes.name ?? rule.name },
        switchedOn,
        author,
      );
    await recordAudit(tx, who, 'automation.changed', {
      automationId: rule.id,
      name: changes.name ?? rule.name,
      fields: Object.keys(changes),
    });
  });
  return present(db, await loadRule(db, organizationId, rule.id));
};

export const deleteAutomation = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  who: AuditWho,
): Promise<void> => {
  const organizationId = organizationOf(actor);
  const rule = await loadRule(db, organizationId, id);
  await db.transaction(async (tx) => {
    await deleteAutomationRow(tx, organizationId, rule.id);
    await recordAudit(tx, who, 'automation.deleted', { automationId: rule.id, name: rule.name });
  });
};

/** GET /api/automations/:id/runs: newest first. */
export const listRuns = async (
  db: Db,
  actor: CurrentUser,
  id: string,
): Promise<AutomationRun[]> => {
  const rule = await loadRule(db, organizationOf(actor), id);
  return (await findRuns(db, rule.id)).map(toRun);
};

/** GET /api/automations/options: the organisation's users and campaigns for the rule form. */
export const automationOptions = async (db: Db, actor: CurrentUser): Promise<AutomationOptions> => {
  const organizationId = organizationOf(actor);
  const members = await listOrganizationMembers(db, organizationId);
  return {
    users: members.map((user) => ({
      id: user.id,
      name: user.name,
      active: user.status === 'active',
    })),
    campaigns: await findCampaignOptions(db, organizationId),
    stages: (await findStages(db, organizationId)).map((stage) => stage.name),
    customFields: (await activeFields(db, organizationId, 'lead')).map((field) => ({
      key: field.key,
      label: field.label,
    })),
  };
};
