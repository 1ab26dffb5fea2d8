import { Checkbox, Fieldset, SimpleGrid, Text } from '@mantine/core';
import { CREATION_KEYS, PERMISSION_LABELS } from '@leadline/shared/permissions';
import type { PermissionKey, Permissions } from '@leadline/shared/permissions';

type PermissionChecklistProps = {
  value: Permissions;
  onChange: (next: Permissions) => void;
  /** Administrators hold every permission whatever is stored: nothing to choose. */
  locked: boolean;
};

/** The create-user checklist of the creation keys. */
export const PermissionChecklist = ({ value, onChange, locked }: PermissionChecklistProps) => {
  const toggle = (key: PermissionKey, checked: boolean) => onChange({ ...value, [key]: checked });
  return (
    <Fieldset legend="Page permissions" radius="md">
      {locked ? (
        <Text size="sm" c="dimmed" mb="sm">
          Administrators hold every permission; there is nothing to choose for this role.
        </Text>
      ) : (
        <Text size="sm" c="dimmed" mb="sm">
          The defaults of the chosen role are ticked; change them as needed.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing="xs">
        {CREATION_KEYS.map((key) => (
          <Checkbox
            key={key}
            label={PERMISSION_LABELS[key]}
            checked={value[key]}
            disabled={locked}
            onChange={(event) => toggle(key, event.currentTarget.checked)}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
};
