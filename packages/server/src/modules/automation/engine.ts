import { AUTOMATION_MAX_DEPTH } from '@leadline/shared/events';
import type { Condition } from '@leadline/shared/automation';
import {
  AUTOMATION_CASCADE_RUNS_MAX,
  actionSchema,
  conditionSchema,
} from '@leadline/shared/automation';
import type { Lead } from '@leadline/shared/leads';
import { hasPermission } from '@leadline/shared/permissions';
import { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { toCurrentUser } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { HttpError } from '../../lib/errors.ts';
import { logActivity } from '../activity/log.ts';
import { refusal } from '../auth/service.ts';
import { withEventContext } from '../events/context.ts';
import type { DispatchedEvent, EventConsumer, EventRow } from '../events/dispatch.ts';
import { leadName } from '../leads/present.ts';
import { getLead } from '../leads/service.ts';
import type { SystemMailer } from '../system-mail/mailer.ts';
import { findUserById } from '../users/store.ts';
import { findStage } from '../stages/lookup.ts';
import { ActionFailed, actionLabel, runAction, sendRuleWebhook } from './actions.ts';
import { describeCondition, failedCondition } from './conditions.ts';
import { TRACKING_TRIGGERS, hitClassesOf } from './hit-classes.ts';
import type { AutomationRow, CascadeTally, RunRow } from './repo.ts';
import {
  countCascadeRuns,
  findAutomation,
  findCampaignTags,
  findHitClasses,
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

export const CASCADE_LIMIT = `Not run: the change that set this off has made ${AUTOMATION_CASCADE_RUNS_MAX} rule runs, every rule and level counted, and rules do not react further to it (cascade limit)`;

type NewRun = Parameters<typeof insertRuns>[1][number];

/**
 * The Automation consumer of events: one run per enabled rule of the event's organisation
 * whose trigger is the event's type, written in the dispatch transaction (so an event gets its
 * runs exactly once). Bounds, so that one change cannot flood the runner:
 * - a rule gets no run for a change its own run made (no row at all);
 * - an event made at the loop limit gets a `skipped` run that says so;
 * - one original change gets at most AUTOMATION_CASCADE_RUNS_MAX runs across its cascade, then
 *   one `skipped` run that says the limit was reached (with an activity entry), and no more.
 * The runs of a cascade are counted here: one dispatcher writes runs at a time (its advisory
 * lock), so the count cannot race.
 */
export const automationConsumer: EventConsumer = {
  name: 'automation',
  accept: async (tx, batch) => {
    const organizations = [...new Set(batch.map((event) => event.organizationId))];
    const types = [...new Set(batch.map((event) => event.type))];
    const rules = await findTriggeredRules(tx, organizations, types);
    if (rules.length === 0) return;
    // Oldest rule first, so the runs a cascade keeps do not depend on the query's order.
    rules.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    const byTrigger = new Map<string, AutomationRow[]>();
    for (const rule of rules) {
      const key = `${rule.organizationId} ${rule.trigger}`;
      byTrigger.set(key, [...(byTrigger.get(key) ?? []), rule]);
    }
    // Opens and clicks set a rule off for the classes of hit it names (people's by default).
    const hitClasses = await findHitClasses(
      tx,
      batch.flatMap((event) => (TRACKING_TRIGGERS.includes(event.type) ? [event.id] : [])),
    );
    const reacting = (event: DispatchedEvent) =>
      (byTrigger.get(`${event.organizationId} ${event.type}`) ?? []).filter(
        // A rule does not react to what its own run changed.
        (rule) =>
          rule.id !== event.automationId &&
          (!TRACKING_TRIGGERS.includes(event.type) ||
            (hitClassesOf(rule) as string[]).includes(hitClasses.get(event.id) ?? '')),
      );
    const cascadeIds = batch.flatMap((event) =>
      reacting(event).length > 0 ? [event.cascadeId] : [],
    );
    const tallies = await countCascadeRuns(tx, [...new Set(cascadeIds)], CASCADE_LIMIT);
    const finishedAt = new Date();
    const runs: NewRun[] = [];
    const limited: { event: DispatchedEvent; rule: AutomationRow }[] = [];
    for (const event of batch) {
      const tally: CascadeTally = tallies.get(event.cascadeId) ?? { runs: 0, limited: false };
      tallies.set(event.cascadeId, tally);
      for (const rule of reacting(event)) {
        const run = {
          organizationId: event.organizationId,
          automationId: rule.id,
          eventId: event.id,
          leadId: event.leadId,
          depth: event.depth,
          cascadeId: event.cascadeId,
        };
        if (tally.runs >= AUTOMATION_CASCADE_RUNS_MAX) {
          if (tally.limited) continue;
          tally.limited = true;
          runs.push({ ...run, status: 'skipped', outcome: CASCADE_LIMIT, finishedAt });
          limited.push({ event, rule });
          continue;
        }
        tally.runs += 1;
        const stopped = event.depth >= AUTOMATION_MAX_DEPTH;
        runs.push(stopped ? { ...run, status: 'skipped', outcome: LOOP_STOPPED, finishedAt } : run);
      }
    }
    await insertRuns(tx, runs);
    for (const { event, rule } of limited)
      await logActivity(tx, {
        organizationId: event.organizationId,
        userId: null,
        type: 'Automation',
        entityId: event.leadId ?? rule.id,
        action: 'cascade limit reached',
        details: `Rule "${rule.name}": ${CASCADE_LIMIT}`,
      });
  },
};

/**
 * Who a rule acts as: its author, the user who last switched it on or saved it, with their
 * current permissions (a rule does no more than its author may; each action checks its own, see
 * actions.ts). An author gone, disabled or without Automation stops the rule.
 */
const ruleActor = async (db: Db, rule: AutomationRow): Promise<CurrentUser> => {
  const row = rule.createdBy ? await findUserById(db, rule.createdBy) : undefined;
  if (!row || row.organizationId !== rule.organizationId)
    throw new ActionFailed(
      'The rule’s author no longer exists: switch the rule on or save it again to take it over',
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
    const stage =
      lead.stageId && conditions.some((c) => c.field === 'stage')
        ? await findStage(db, rule.organizationId, lead.stageId)
        : undefined;
    const unmet = failedCondition(lead, conditions, {
      campaignTags: tags,
      stageName: stage?.name ?? '',
    });
    if (unmet)
      return {
        status: 'skipped',
        outcome: `Condition not met: ${await conditionText(db, unmet)}`,
        lead,
        actorId,
      };
    // Every change the actions make carries the next depth, the event's cascade and this rule,
    // whatever service makes it.
    const context = { depth: event.depth + 1, cascadeId: event.cascadeId, automationId: rule.id };
    for (const action of z.array(actionSchema).parse(rule.actions)) {
      try {
        const current: Lead = lead;
        done.push(
          await withEventContext(context, () =>
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
