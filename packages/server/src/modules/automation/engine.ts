import { AUTOMATION_MAX_DEPTH } from '@leadline/shared/events';
import type { Condition } from '@leadline/shared/automation';
import { actionSchema, conditionSchema } from '@leadline/shared/automation';
import type { Lead } from '@leadline/shared/leads';
import { hasPermission } from '@leadline/shared/permissions';
import { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { toCurrentUser } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { HttpError } from '../../lib/errors.ts';
import { logActivity } from '../activity/log.ts';
import { refusal } from '../auth/service.ts';
import { withEventDepth } from '../events/context.ts';
import type { EventConsumer, EventRow } from '../events/dispatch.ts';
import { leadName } from '../leads/present.ts';
import { getLead } from '../leads/service.ts';
import type { SystemMailer } from '../system-mail/mailer.ts';
import { findUserById } from '../users/store.ts';
import { ActionFailed, actionLabel, runAction, sendRuleWebhook } from './actions.ts';
import { describeCondition, failedCondition } from './conditions.ts';
import type { AutomationRow, RunRow } from './repo.ts';
import {
  findAutomation,
  findCampaignTags,
  findRunEvent,
  findTriggeredRules,
  finishRun,
  insertRuns,
} from './repo.ts';

export const LOOP_STOPPED = `Not run: this change was made by rules ${AUTOMATION_MAX_DEPTH} levels deep, and rules do not react further (loop limit)`;
export const RULE_SWITCHED_OFF = 'Not run: the rule was switched off before it ran';
export const NO_LEAD =
  'Not run: this event concerns no lead (only a rule without conditions whose actions are all webhooks runs for it)';
export const RUN_ATTEMPTS_MAX = 3;
export const GAVE_UP = `Gave up after ${RUN_ATTEMPTS_MAX} attempts (the server stopped while running it)`;

/**
 * The Automation consumer of events: one run per enabled rule of the event's organisation
 * whose trigger is the event's type, written in the dispatch transaction (so an event gets its
 * runs exactly once). An event made at the loop limit gets a `skipped` run that says so.
 */
export const automationConsumer: EventConsumer = {
  name: 'automation',
  accept: async (tx, batch) => {
    const organizations = [...new Set(batch.map((event) => event.organizationId))];
    const types = [...new Set(batch.map((event) => event.type))];
    const rules = await findTriggeredRules(tx, organizations, types);
    if (rules.length === 0) return;
    const finishedAt = new Date();
    await insertRuns(
      tx,
      batch.flatMap((event) =>
        rules
          .filter((rule) => rule.organizationId === event.organizationId)
          .filter((rule) => rule.trigger === event.type)
          .map((rule) => {
            const stopped = event.depth >= AUTOMATION_MAX_DEPTH;
            return {
              organizationId: event.organizationId,
              automationId: rule.id,
              eventId: event.id,
              leadId: event.leadId,
              depth: event.depth,
              ...(stopped ? { status: 'skipped' as const, outcome: LOOP_STOPPED, finishedAt } : {}),
            };
          }),
      ),
    );
  },
};

/**
 * Who a rule acts as: the user who last saved it, with their current permissions (a rule does
 * no more than its author may). An author gone, disabled or without Automation stops the rule.
 */
const ruleActor = async (db: Db, rule: AutomationRow): Promise<CurrentUser> => {
  const row = rule.createdBy ? await findUserById(db, rule.createdBy) : undefined;
  if (!row || row.organizationId !== rule.organizationId)
    throw new ActionFailed(
      'The rule’s author no longer exists: save the rule again to take it over',
    );
  const refused = refusal(row);
  if (refused) throw new ActionFailed(`The rule’s author ${row.name} cannot act: ${refused}`);
  const actor = toCurrentUser(row);
  if (!hasPermission(actor, 'automation'))
    throw new ActionFailed(`The rule’s author ${row.name} no longer has the Automation permission`);
  return actor;
};

/** The lead as it is now; for a deleted lead, as its event showed it. */
const leadOf = async (db: Db, actor: CurrentUser, event: EventRow): Promise<Lead | null> => {
  if (!event.leadId) return null;
  try {
    return await getLead(db, actor, event.leadId);
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
    return (event.data.lead as Lead | undefined) ?? null;
  }
};

const conditionText = async (db: Db, condition: Condition): Promise<string> => {
  if (condition.field !== 'owner') return describeCondition(condition);
  const owner = await findUserById(db, condition.value);
  return describeCondition(condition, owner?.name);
};

type Ending = { status: 'succeeded' | 'skipped' | 'failed'; outcome: string; lead: Lead | null };

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** Runs one claimed run: author, lead, conditions, then the actions in order. */
const perform = async (
  db: Db,
  run: RunRow,
  rule: AutomationRow,
  event: EventRow,
  mailer: SystemMailer | undefined,
): Promise<Ending & { actorId: string | null }> => {
  let actorId: string | null = null;
  let lead: Lead | null = null;
  const done: string[] = [];
  try {
    const actor = await ruleActor(db, rule);
    actorId = actor.id;
    lead = await leadOf(db, actor, event);
    const conditions = z.array(conditionSchema).parse(rule.conditions);
    if (!lead) {
      // An event about no lead (a campaign's status change): a rule without conditions whose
      // actions are all webhooks still runs; anything else needs a lead.
      const actions = z.array(actionSchema).parse(rule.actions);
      const hooks = actions.flatMap((action) => (action.type === 'webhook' ? [action.url] : []));
      if (conditions.length > 0 || hooks.length !== actions.length)
        return { status: 'skipped', outcome: NO_LEAD, lead, actorId };
      for (const url of hooks) done.push(await sendRuleWebhook(event, rule, url));
      return { status: 'succeeded', outcome: done.join('; '), lead, actorId };
    }
    const tags = conditions.some((c) => c.field === 'campaignTag')
      ? await findCampaignTags(db, lead._id)
      : [];
    const unmet = failedCondition(lead, conditions, tags);
    if (unmet)
      return {
        status: 'skipped',
        outcome: `Condition not met: ${await conditionText(db, unmet)}`,
        lead,
        actorId,
      };
    // Every change the actions make carries the next depth, whatever service makes it.
    for (const action of z.array(actionSchema).parse(rule.actions)) {
      try {
        const current: Lead = lead;
        done.push(
          await withEventDepth(event.depth + 1, () =>
            runAction({ db, actor, rule, event, lead: current, mailer }, action),
          ),
        );
      } catch (error) {
        throw new ActionFailed(`${actionLabel(action)} failed: ${messageOf(error)}`);
      }
      // The next action sees the lead as this one left it.
      lead = (await leadOf(db, actor, event)) ?? lead;
    }
    return { status: 'succeeded', outcome: done.join('; '), lead, actorId };
  } catch (error) {
    const outcome = [...done, messageOf(error)].join('; ');
    return { status: 'failed', outcome, lead, actorId };
  }
};

/** Runs one claimed run and records its outcome on the run and in the activity log. */
export const executeRun = async (db: Db, run: RunRow, mailer: SystemMailer | undefined) => {
  const rule = await findAutomation(db, run.organizationId, run.automationId);
  const event = await findRunEvent(db, run);
  if (!rule || !event) return;
  let ending: Ending & { actorId: string | null };
  if (!rule.enabled)
    ending = { status: 'skipped', outcome: RULE_SWITCHED_OFF, lead: null, actorId: null };
  else if (run.attempts > RUN_ATTEMPTS_MAX)
    ending = { status: 'failed', outcome: GAVE_UP, lead: null, actorId: null };
  else ending = await perform(db, run, rule, event, mailer);
  await db.transaction(async (tx) => {
    if (!(await finishRun(tx, run, ending.status, ending.outcome))) return;
    // Skipped runs (conditions not met) stay on the rule's list: the log keeps what happened.
    if (ending.status === 'skipped') return;
    await logActivity(tx, {
      organizationId: rule.organizationId,
      userId: ending.actorId,
      type: 'Automation',
      entityId: ending.lead?._id ?? rule.id,
      action: ending.status === 'succeeded' ? 'rule ran' : 'rule failed',
      details: `Rule "${rule.name}"${ending.lead ? ` for ${leadName(ending.lead)}` : ''}: ${ending.outcome}`,
    });
  });
};
