import { useState } from 'react';
import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatCustomValue } from '@leadline/shared/custom-fields';
import type { CustomField, CustomValue, CustomValues } from '@leadline/shared/custom-fields';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { CustomFieldInputs } from './custom-field-inputs.tsx';
import { useCustomForm } from './custom-form.ts';

/** One value as a record's details show it: links for URLs and emails, badges for choices. */
export const CustomValueView = ({
  field,
  value,
}: {
  field: CustomField;
  value: CustomValue | undefined;
}) => {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return (
      <Text size="sm" c="dimmed">
        Not set
      </Text>
    );
  if (field.type === 'url' && typeof value === 'string')
    return (
      <Anchor
        href={value}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        underline="always"
        style={{ overflowWrap: 'anywhere' }}
      >
        {value}
      </Anchor>
    );
  if (field.type === 'email' && typeof value === 'string')
    return (
      <Anchor href={`mailto:${value}`} size="sm" underline="always">
        {value}
      </Anchor>
    );
  if (Array.isArray(value))
    return (
      <Group gap={4}>
        {value.map((choice) => (
          <Badge key={choice} variant="light" size="sm">
            {choice}
          </Badge>
        ))}
      </Group>
    );
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {formatCustomValue(value)}
    </Text>
  );
};

type CustomValuesPanelProps = {
  fields: readonly CustomField[];
  values: CustomValues;
  /** Saves the values (the record's PUT with `custom`); absent: read only. */
  onSave?: (custom: Record<string, unknown>) => Promise<unknown>;
  idPrefix: string;
};

/** A record's custom fields in its details: their values, and Edit for those who may. */
export const CustomValuesPanel = ({ fields, values, onSave, idPrefix }: CustomValuesPanelProps) => {
  const shown = fields.filter((field) => !field.hidden);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const form = useCustomForm(values);
  if (shown.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No custom fields yet.
      </Text>
    );
  if (editing && onSave) {
    const save = async () => {
      const body = form.check(shown);
      if (!body) return;
      setSaving(true);
      try {
        await onSave(body);
        notifySuccess('Custom fields saved');
        setEditing(false);
      } catch (error) {
        form.applyServerErrors(error);
        notifyError(errorMessage(error, 'The custom fields could not be saved'), error);
      } finally {
        setSaving(false);
      }
    };
    return (
      <Stack gap="sm">
        <CustomFieldInputs
          fields={shown}
          values={form.values}
          errors={form.errors}
          onChange={form.onChange}
          idPrefix={idPrefix}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={() => setEditing(false)} disabled={saving}>
            Cancel
          </Button>
          <Button size="xs" onClick={() => void save()} loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        {shown.map((field) => (
          <Stack key={field._id} gap={2}>
            <Text size="xs" fw={600} c="dimmed">
              {field.label}
            </Text>
            <CustomValueView field={field} value={values[field.key]} />
          </Stack>
        ))}
      </SimpleGrid>
      {onSave ? (
        <Group justify="flex-end">
          <Button
            variant="light"
            size="xs"
            onClick={() => {
              form.reset(values);
              setEditing(true);
            }}
          >
            Edit custom fields
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
};
