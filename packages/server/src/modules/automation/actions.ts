import { ACTION_LABELS, ACTION_PERMISSIONS } from '@leadline/shared/automation';
import type { Action } from '@leadline/shared/automation';
import type { Lead } from '@leadline/shared/leads';
import { fillMergeFields, mergeValuesOf } from '@leadline/shared/merge-fields';
import { PERMISSION_LABELS, hasPermission } from '@leadline/shared/permissions';
import { TASK_OTHERS_NEED_PERMISSION, dayAfter } from '@leadline/shared/tasks';
import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import type { EventRow } from '../events/dispatch.ts';
import { addLeadToCampaign } from '../campaigns/join.ts';
import { managesLeads } from '../leads/access.ts';
import { describeLead, leadName } from '../leads/present.ts';
import { changeLeadStatus, updateLead } from '../leads/service.ts';
import type { SystemMailer } from '../system-mail/mailer.ts';
import { createTask } from '../tasks/service.ts';
import { findUserById } from '../users/store.ts';
import { postEvent } from '../webhooks/post.ts';
import type { AutomationRow } from './repo.ts';
import { takeRoundRobinTurn } from './repo.ts';

/** What an action works with: the rule, its event, the lead as it is now, who acts. */
export type ActionContext = {
  db: Db;
  actor: CurrentUser;
  rule: AutomationRow;
  event: EventRow;
  lead: Lead;
  mailer?: SystemMailer;
};

export const NO_SYSTEM_MAIL =
  'System mail is not configured (SYSTEM_SMTP_URL): the owner could not be notified';
export const NO_OWNER = 'The lead has no owner';

/** An action's failure: its message is the run's outcome. */
export class ActionFailed extends Error {}

const ownerName = (lead: Lead) => lead.owner?.name ?? 'nobody';

/**
 * A task title or note with the lead's merge fields filled in ("Call {{firstName}} at
 * {{companyName}}" -> "Call Ada at Acme"); "Your name" is the rule's author, who acts.
 */
export const fillForLead = (text: string, { lead, actor }: Pick<ActionContext, 'lead' | 'actor'>) =>
  fillMergeFields(text, mergeValuesOf(lead, actor.name)).trim();

/** A filled task title: at most 200 characters, never empty (the lead's name then). */
const taskTitle = (title: string, context: ActionContext): string =>
  (fillForLead(title, context) || leadName(context.lead)).slice(0, 200);

/** The body a rule's webhook receives: the event as webhooks send it, and the rule. */
export const webhookBody = (event: EventRow, rule: Pick<AutomationRow, 'id' | 'name'>): string =>
  JSON.stringify({
    id: event.id,
    type: event.type,
    organizationId: event.organizationId,
    occurredAt: event.occurredAt.toISOString(),
    data: event.data,
    automation: { id: rule.id, name: rule.name },
  });

/**
 * A rule's webhook action: the event, unsigned, with its id header. The only action that needs
 * no lead, so it also runs for events about none (a campaign's status change).
 */
export const sendRuleWebhook = async (
  event: EventRow,
  rule: Pick<AutomationRow, 'id' | 'name'>,
  url: string,
): Promise<string> => {
  const outcome = await postEvent({ url, body: webhookBody(event, rule), eventId: event.id });
  if (!outcome.ok)
    throw new ActionFailed(
      `Webhook to ${url} failed: ${outcome.error ?? `answered ${outcome.status}`}`,
    );
  return `Webhook sent to ${url} (${outcome.status})`;
};

const notifyOwner = async (
  context: ActionContext,
  message: string | undefined,
): Promise<string> => {
  const { db, lead, rule, mailer } = context;
  const note = message ? fillForLead(message, context) : '';
  if (!lead.ownerId) throw new ActionFailed(NO_OWNER);
  if (!mailer) throw new ActionFailed(NO_SYSTEM_MAIL);
  const owner = await findUserById(db, lead.ownerId);
  if (!owner || owner.status !== 'active') throw new ActionFailed('The lead’s owner is not active');
  await mailer.send({
    to: owner.email,
    subject: `${rule.name}: ${leadName(lead)}`,
    text: [
      `Hello ${owner.name},`,
      '',
      `The Automation rule "${rule.name}" ran for your lead ${leadName(lead)} (${lead.companyName}).`,
      `Status: ${lead.status}. Source: ${lead.source}.`,
      ...(note ? ['', note] : []),
      '',
      'Leadline',
    ].join('\n'),
  });
  return `Owner ${owner.name} notified by email`;
};

/**
 * Whether the rule's author may, now, do by hand what the action does: the permissions of the
 * screen that makes the same change (ACTION_PERMISSIONS). The services the actions call check
 * the rest as they would for a person (Lead Management to give a lead to someone else or to
 * change someone else's lead, the campaign's organisation); a task for the lead's owner is
 * checked here as the tasks screen checks it, since the tasks service trusts a rule's task.
 */
const checkRights = ({ actor, lead }: ActionContext, action: Action): void => {
  for (const key of ACTION_PERMISSIONS[action.type])
    if (!hasPermission(actor, key))
      throw new ActionFailed(
        `The rule’s author ${actor.name} does not have the ${PERMISSION_LABELS[key]} permission`,
      );
  if (action.type === 'create_task' && lead.ownerId && lead.ownerId !== actor.id)
    if (!managesLeads(actor))
      throw new ActionFailed(`The rule’s author ${actor.name}: ${TASK_OTHERS_NEED_PERMISSION}`);
};

/** Runs one action as the rule's author; answers what it did, or throws with why it could not. */
export const runAction = async (context: ActionContext, action: Action): Promise<string> => {
  const { db, actor, lead, rule, event } = context;
  checkRights(context, action);
  switch (action.type) {
    case 'set_status':
      if (lead.status === action.status) return `Status already ${action.status}`;
      await changeLeadStatus(db, actor, lead._id, action.status);
      return `Status set to ${action.status}`;
    case 'assign_owner': {
      if (lead.ownerId === action.ownerId) return `Owner already ${ownerName(lead)}`;
      const updated = await updateLead(db, actor, lead._id, { ownerId: action.ownerId });
      return `Owner set to ${ownerName(updated)}`;
    }
    case 'assign_round_robin': {
      const turn = await takeRoundRobinTurn(db, rule.id);
      const ownerId = action.userIds[turn % action.userIds.length]!;
      const updated = await updateLead(db, actor, lead._id, { ownerId });
      return `Assigned to ${ownerName(updated)} (round-robin)`;
    }
    case 'add_to_campaign': {
      const name = await addLeadToCampaign(
        db,
        actor,
        action.campaignId,
        lead._id,
        describeLead(lead),
      );
      return `Added to campaign "${name}"`;
    }
    case 'create_task': {
      const task = await createTask(
        db,
        actor,
        {
          title: taskTitle(action.title, context),
          dueDate: dayAfter(action.dueInDays),
          leadId: lead._id,
          ownerId: lead.ownerId ?? undefined,
        },
        { automationId: rule.id },
      );
      return `Task "${task.title}" created for ${task.owner?.name ?? 'nobody'}, due ${task.dueDate}`;
    }
    case 'webhook':
      return sendRuleWebhook(event, rule, action.url);
    case 'notify_owner':
      return notifyOwner(context, action.message);
  }
};

/** "Set status" and the like: an action's name in a failure. */
export const actionLabel = (action: Action): string => ACTION_LABELS[action.type];
