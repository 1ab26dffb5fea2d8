import {
  CONDITION_OP_LABELS,
  conditionFieldLabel,
  isCustomConditionField,
} from '@leadline/shared/automation';
import type { Condition } from '@leadline/shared/automation';
import type { Lead } from '@leadline/shared/leads';

/** What a rule's conditions read beside the lead: its campaign tags, its deal stage's name. */
export type ConditionFacts = { campaignTags: readonly string[]; stageName: string };

/** What a condition compares: the lead's values for its field (a lead has many campaign tags). */
const valuesOf = (
  lead: Lead,
  field: Condition['field'],
  { campaignTags, stageName }: ConditionFacts,
): string[] => {
  if (isCustomConditionField(field)) {
    // A custom value (each choice of a multiple choice; yes / no; numbers as written).
    const value = lead.custom[field.slice('custom.'.length)];
    if (value === undefined) return [''];
    if (Array.isArray(value)) return value;
    return [typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value)];
  }
  switch (field) {
    case 'status':
      return [lead.status];
    case 'source':
      return [lead.source];
    case 'industry':
      return [lead.industry];
    case 'country':
      return [lead.personCountry];
    case 'owner':
      // The owner's id (what the form picks), or their name for "contains".
      return lead.owner ? [lead.owner.id, lead.owner.name] : [''];
    case 'campaignTag':
      return [...campaignTags];
    case 'stage':
      // The stage's name; '' in its status column (so "does not equal Won" holds there).
      return [stageName];
    default:
      return [''];
  }
};

const normal = (value: string) => value.trim().toLowerCase();

/** Whether one condition holds (case and surrounding spaces ignored). */
export const conditionHolds = (
  lead: Lead,
  condition: Condition,
  facts: ConditionFacts,
): boolean => {
  const values = valuesOf(lead, condition.field, facts).map(normal);
  const wanted = normal(condition.value);
  switch (condition.op) {
    case 'equals':
      return values.includes(wanted);
    case 'not_equals':
      return !values.includes(wanted);
    case 'contains':
      return values.some((value) => value.includes(wanted));
  }
};

/** "Status equals Hot Lead": how a condition is named in a run's outcome. */
export const describeCondition = (condition: Condition, ownerName?: string): string =>
  `${conditionFieldLabel(condition.field)} ${CONDITION_OP_LABELS[condition.op]} ${
    ownerName ?? condition.value
  }`;

/** The first condition that does not hold, or null when all do. */
export const failedCondition = (
  lead: Lead,
  conditions: readonly Condition[],
  facts: ConditionFacts,
): Condition | null =>
  conditions.find((condition) => !conditionHolds(lead, condition, facts)) ?? null;
