import { useState } from 'react';
import {
  Badge,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import {
  PERMISSION_GROUPS,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  countGranted,
} from '@leadline/shared/permissions';
import type { PermissionKey, Permissions } from '@leadline/shared/permissions';

type PermissionView = 'grid' | 'list';

const PermissionState = ({ granted, label }: { granted: boolean; label: string }) => (
  <Group gap={8} wrap="nowrap">
    {granted ? (
      <IconCheck size={16} color="var(--mantine-color-green-6)" aria-hidden />
    ) : (
      <IconX size={16} color="var(--mantine-color-gray-5)" aria-hidden />
    )}
    <Text size="sm" c={granted ? undefined : 'dimmed'}>
      {label}
    </Text>
    <VisuallyHidden>{granted ? '(granted)' : '(not granted)'}</VisuallyHidden>
  </Group>
);

const GroupCard = ({ title, keys, permissions }: GroupCardProps) => (
  <Paper withBorder radius="md" p="md">
    <Group justify="space-between" mb="xs" wrap="nowrap">
      <Title order={4} size="h6">
        {title}
      </Title>
      <Badge variant="light" size="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
        {keys.filter((key) => permissions[key]).length}/{keys.length}
      </Badge>
    </Group>
    <Stack gap={6}>
      {keys.map((key) => (
        <PermissionState key={key} granted={permissions[key]} label={PERMISSION_LABELS[key]} />
      ))}
    </Stack>
  </Paper>
);

type GroupCardProps = {
  title: string;
  keys: readonly PermissionKey[];
  permissions: Permissions;
};

type PermissionGridProps = { permissions: Permissions };

/** Read-only view of a permission map, as a grid of groups or one list. */
export const PermissionGrid = ({ permissions }: PermissionGridProps) => {
  const [view, setView] = useState<PermissionView>('grid');
  const granted = countGranted(permissions);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          {granted} of {PERMISSION_KEYS.length} permissions granted
        </Text>
        <SegmentedControl
          size="xs"
          aria-label="Permission view"
          value={view}
          onChange={(value) => setView(value as PermissionView)}
          data={[
            { value: 'grid', label: 'Grid' },
            { value: 'list', label: 'List' },
          ]}
        />
      </Group>
      {view === 'grid' ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {PERMISSION_GROUPS.map((group) => (
            <GroupCard
              key={group.title}
              title={group.title}
              keys={group.keys}
              permissions={permissions}
            />
          ))}
        </SimpleGrid>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Stack gap={6} data-testid="permission-list">
            {PERMISSION_KEYS.map((key) => (
              <PermissionState
                key={key}
                granted={permissions[key]}
                label={PERMISSION_LABELS[key]}
              />
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
};
