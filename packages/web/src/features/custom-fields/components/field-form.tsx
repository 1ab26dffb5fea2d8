import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import {
  CUSTOM_FIELD_TYPES,
  CUSTOM_FIELD_TYPE_LABELS,
  CUSTOM_LABEL_MAX,
  hasChoices,
} from '@leadline/shared/custom-fields';
import type {
  CustomField,
  CustomFieldEntity,
  CustomFieldType,
  TypeChangeReport,
} from '@leadline/shared/custom-fields';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateCustomField, useUpdateCustomField } from '../api/custom-fields.ts';

const TYPE_OPTIONS = CUSTOM_FIELD_TYPES.map((type) => ({
  value: type,
  label: CUSTOM_FIELD_TYPE_LABELS[type],
}));

type FieldFormProps = {
  entity: CustomFieldEntity;
  /** The field edited; null: a new one. */
  field: CustomField | null;
  opened: boolean;
  onClose: () => void;
};

/**
 * Add or edit a field: its label, type and choices. A change of type (or of the choices) is
 * tried first: the values that will not convert are listed, and saving clears them.
 */
export const FieldForm = ({ entity, field, opened, onClose }: FieldFormProps) => {
  const create = useCreateCustomField();
  const update = useUpdateCustomField();
  const [label, setLabel] = useState(field?.label ?? '');
  const [type, setType] = useState<CustomFieldType>(field?.type ?? 'text');
  const [options, setOptions] = useState<string[]>(field?.options ?? []);
  const [error, setError] = useState<string | null>(null);
  const [plan, setPlan] = useState<TypeChangeReport | null>(null);
  const busy = create.isPending || update.isPending;

  const choicesChanged =
    field !== null && hasChoices(type) && options.join('\n') !== field.options.join('\n');
  const revalues = field !== null && (type !== field.type || choicesChanged);

  const body = () => ({
    label: label.trim(),
    type,
    ...(hasChoices(type) ? { options } : {}),
  });

  const save = async () => {
    setError(null);
    try {
      if (!field) {
        await create.mutateAsync({ entity, ...body() });
        notifySuccess(`Field ${label.trim()} added`);
        onClose();
        return;
      }
      if (revalues && !plan) {
        // First the dry run: what will and will not convert.
        const answer = await update.mutateAsync({ id: field._id, ...body(), dryRun: true });
        const report = answer.typeChange ?? { converted: 0, unconverted: [], unconvertedCount: 0 };
        if (report.unconvertedCount > 0) {
          setPlan(report);
          return;
        }
      }
      const answer = await update.mutateAsync({ id: field._id, ...body() });
      const cleared = answer.typeChange?.unconvertedCount ?? 0;
      notifySuccess(
        cleared > 0
          ? `Field ${label.trim()} saved; ${cleared} values that did not fit were cleared`
          : `Field ${label.trim()} saved`,
      );
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'The field could not be saved'));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={field ? `Edit field ${field.label}` : 'Add field'}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        noValidate
        aria-label={field ? 'Edit field' : 'Add field'}
      >
        <Stack gap="md">
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="Label"
            withAsterisk
            maxLength={CUSTOM_LABEL_MAX}
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            description={
              field ? `Key: ${field.key} (kept when renamed)` : 'Shown on forms, tables and exports'
            }
            data-autofocus
          />
          <Select
            label="Type"
            data={TYPE_OPTIONS}
            value={type}
            allowDeselect={false}
            onChange={(next) => {
              setType((next as CustomFieldType | null) ?? 'text');
              setPlan(null);
            }}
          />
          {hasChoices(type) ? (
            <TagsInput
              label="Choices"
              description="Type a choice and press Enter"
              value={options}
              onChange={(next) => {
                setOptions(next);
                setPlan(null);
              }}
              maxTags={200}
            />
          ) : null}
          {plan ? (
            <Alert color="orange" variant="light" title="Some values will not convert" role="alert">
              <Stack gap="xs">
                <Text size="sm">
                  {plan.converted} values convert. These {plan.unconvertedCount} do not and will be
                  cleared when you save:
                </Text>
                <List size="sm" spacing={2}>
                  {plan.unconverted.map((item) => (
                    <List.Item key={item.id}>
                      {item.name || 'Unnamed'}: “{item.value}”
                    </List.Item>
                  ))}
                </List>
                {plan.unconvertedCount > plan.unconverted.length ? (
                  <Text size="sm">
                    …and {plan.unconvertedCount - plan.unconverted.length} more.
                  </Text>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} color={plan ? 'red' : undefined}>
              {field ? (plan ? 'Save and clear those values' : 'Save') : 'Add field'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
