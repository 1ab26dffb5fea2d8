import { ActionIcon, Group, Select, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  CONDITION_FIELDS,
  CONDITION_FIELD_LABELS,
  CONDITION_OPS,
  CONDITION_OP_LABELS,
} from '@leadline/shared/automation';
import type { AutomationOptions, Condition } from '@leadline/shared/automation';
import { LEAD_SOURCES, LEAD_STATUSES } from '@leadline/shared/leads';

type ConditionRowProps = {
  index: number;
  condition: Condition;
  options: AutomationOptions | undefined;
  error?: string;
  onChange: (condition: Condition) => void;
  onRemove: () => void;
};

/** The value choices of a field with a fixed set (status, source, owner, stage); null: free text. */
const choicesOf = (field: Condition['field'], options: AutomationOptions | undefined) => {
  if (field === 'status') return LEAD_STATUSES.map((value) => ({ value, label: value }));
  if (field === 'source') return LEAD_SOURCES.map((value) => ({ value, label: value }));
  if (field === 'owner')
    return (options?.users ?? []).map((user) => ({ value: user.id, label: user.name }));
  if (field === 'stage')
    return (options?.stages ?? []).map((name) => ({ value: name, label: name }));
  return null;
};

/** One *if* condition: field, comparison, value (picked for status, source and owner). */
export const ConditionRow = ({
  index,
  condition,
  options,
  error,
  onChange,
  onRemove,
}: ConditionRowProps) => {
  const picks = condition.op === 'contains' ? null : choicesOf(condition.field, options);
  const label = `Condition ${index + 1}`;
  return (
    <Group gap="xs" align="flex-start" wrap="wrap" role="group" aria-label={label}>
      <Select
        size="xs"
        aria-label={`${label} field`}
        data={[
          ...CONDITION_FIELDS.map((value) => ({ value, label: CONDITION_FIELD_LABELS[value] })),
          ...(options?.customFields ?? []).map((custom) => ({
            value: `custom.${custom.key}`,
            label: custom.label,
          })),
        ]}
        value={condition.field}
        allowDeselect={false}
        onChange={(field) =>
          onChange({ ...condition, field: (field ?? 'status') as Condition['field'], value: '' })
        }
        w={150}
      />
      <Select
        size="xs"
        aria-label={`${label} comparison`}
        data={CONDITION_OPS.map((value) => ({ value, label: CONDITION_OP_LABELS[value] }))}
        value={condition.op}
        allowDeselect={false}
        onChange={(op) => onChange({ ...condition, op: (op ?? 'equals') as Condition['op'] })}
        w={150}
      />
      {picks ? (
        <Select
          size="xs"
          aria-label={`${label} value`}
          placeholder="Choose…"
          data={picks}
          value={condition.value || null}
          searchable
          onChange={(value) => onChange({ ...condition, value: value ?? '' })}
          error={error}
          style={{ flex: '1 1 160px' }}
        />
      ) : (
        <TextInput
          size="xs"
          aria-label={`${label} value`}
          placeholder={condition.field === 'campaignTag' ? 'A campaign tag' : 'Value'}
          value={condition.value}
          maxLength={200}
          onChange={(event) => onChange({ ...condition, value: event.currentTarget.value })}
          error={error}
          style={{ flex: '1 1 160px' }}
        />
      )}
      <ActionIcon
        variant="subtle"
        color="red"
        onClick={onRemove}
        aria-label={`Remove condition ${index + 1}`}
        mt={2}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
};
