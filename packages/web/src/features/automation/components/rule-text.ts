import { HIT_CLASSES } from '@leadline/shared/tracking';
import type { HitClass } from '@leadline/shared/tracking';
import {
  ACTION_LABELS,
  conditionFieldLabel,
  CONDITION_OP_LABELS,
} from '@leadline/shared/automation';
import type { Action, AutomationOptions, Condition } from '@leadline/shared/automation';

type Names = {
  user: (id: string) => string;
  campaign: (id: string) => string;
  customFields?: readonly { key: string; label: string }[];
};

/** Looks names up in the form's options (an unknown id shows as "a removed user"). */
export const namesFrom = (options: AutomationOptions | undefined): Names => {
  const users = new Map(options?.users.map((user) => [user.id, user.name]));
  const campaigns = new Map(options?.campaigns.map((campaign) => [campaign.id, campaign.name]));
  return {
    user: (id) => users.get(id) ?? 'a removed user',
    campaign: (id) => campaigns.get(id) ?? 'a removed campaign',
    customFields: options?.customFields ?? [],
  };
};

/** "Status equals Hot Lead" */
export const conditionText = (condition: Condition, names: Names): string =>
  `${conditionFieldLabel(condition.field, names.customFields)} ${CONDITION_OP_LABELS[condition.op]} ${
    condition.field === 'owner' && condition.op !== 'contains'
      ? names.user(condition.value)
      : condition.value
  }`;

/** "Set status to Qualified" */
export const actionText = (action: Action, names: Names): string => {
  switch (action.type) {
    case 'set_status':
      return `Set status to ${action.status}`;
    case 'assign_owner':
      return `Assign to ${names.user(action.ownerId)}`;
    case 'assign_round_robin':
      return `Assign in turn to ${action.userIds.map(names.user).join(', ')}`;
    case 'add_to_campaign':
      return `Add to campaign "${names.campaign(action.campaignId)}"`;
    case 'create_task':
      return `Create a task for the owner: "${action.title}", due in ${action.dueInDays} ${
        action.dueInDays === 1 ? 'day' : 'days'
      }`;
    case 'webhook':
      return `Send a webhook to ${action.url}`;
    case 'notify_owner':
      return action.message
        ? `${ACTION_LABELS.notify_owner}: "${action.message}"`
        : ACTION_LABELS.notify_owner;
  }
};

const HIT_CLASS_WORDS: Record<HitClass, string> = {
  human: 'people',
  proxy: 'privacy proxies',
  machine: 'machines',
};

/** Whose hits set off an email.opened / email.clicked rule: "by people and machines". */
export const hitClassesText = (classes: readonly HitClass[]): string => {
  const words = HIT_CLASSES.filter((hit) => classes.includes(hit)).map(
    (hit) => HIT_CLASS_WORDS[hit],
  );
  return `by ${words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? 'people')}`;
};
