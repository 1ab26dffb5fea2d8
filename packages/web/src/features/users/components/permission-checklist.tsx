import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { CREATION_KEYS, PERMISSION_GROUPS, PERMISSION_LABELS } from '@leadline/shared/permissions';
import type { PermissionKey, Permissions } from '@leadline/shared/permissions';

type PermissionChecklistProps = {
  value: Permissions;
  onChange: (next: Permissions) => void;
  /** Administrators hold every permission whatever is stored: nothing to choose. */
  locked: boolean;
  /** The chosen role, named in the hint and on the reset button. */
  role: string;
  /** The ticks differ from the role's defaults: offers to put them back. */
  edited: boolean;
  onReset: () => void;
};

/** Everyone has their own profile page, whatever is stored: shown ticked, not editable. */
const ALWAYS: ReadonlySet<PermissionKey> = new Set(['profile']);

/** What a tick also means, where its name does not say it. */
const DESCRIPTIONS: Partial<Record<PermissionKey, string>> = {
  profile: 'Everyone has their profile',
  addClient: 'Also converts leads into clients',
};

/** The editor's groups, keeping only the keys the checklist offers (all of them). */
const GROUPS = PERMISSION_GROUPS.map((group) => ({
  title: group.title,
  keys: group.keys.filter((key) => CREATION_KEYS.includes(key)),
})).filter((group) => group.keys.length > 0);

/** The create-user checklist: every permission of the editor, in the editor's groups. */
export const PermissionChecklist = ({
  value,
  onChange,
  locked,
  role,
  edited,
  onReset,
}: PermissionChecklistProps) => {
  const toggle = (key: PermissionKey, checked: boolean) => onChange({ ...value, [key]: checked });
  return (
    <Fieldset legend="Page permissions" radius="md">
      <Group justify="space-between" align="center" gap="xs" mb="sm" wrap="wrap">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
          {locked
            ? 'Administrators hold every permission; there is nothing to choose for this role.'
            : edited
              ? `Changed from the ${role} defaults.`
              : `The ${role} defaults are ticked; change them as needed.`}
        </Text>
        {!locked && edited ? (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconRestore size={14} />}
            onClick={onReset}
          >
            Reset to {role} defaults
          </Button>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {GROUPS.map((group) => (
          <Paper
            key={group.title}
            withBorder
            radius="md"
            p="sm"
            role="group"
            aria-label={group.title}
          >
            <Title order={3} size="h6" mb="xs">
              {group.title}
            </Title>
            <Stack gap={8}>
              {group.keys.map((key) => (
                <Checkbox
                  key={key}
                  label={PERMISSION_LABELS[key]}
                  description={DESCRIPTIONS[key]}
                  checked={ALWAYS.has(key) || locked || value[key]}
                  disabled={locked || ALWAYS.has(key)}
                  onChange={(event) => toggle(key, event.currentTarget.checked)}
                />
              ))}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Fieldset>
  );
};
