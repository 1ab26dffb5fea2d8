import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns3 } from '@tabler/icons-react';
import type { ColumnPrefs, ColumnSpec } from './column-prefs.ts';

type ColumnChooserProps<Id extends string> = {
  columns: readonly ColumnSpec<Id>[];
  prefs: ColumnPrefs<Id>;
  /** Which columns always stay (named for the user). */
  pinned: string;
};

/** 'Columns': show, hide and order a table's columns; the choice is saved per user. */
export const ColumnChooser = <Id extends string>({
  columns,
  prefs,
  pinned,
}: ColumnChooserProps<Id>) => {
  const labels = new Map(columns.map((column) => [column.id, column.label]));
  return (
    <Popover position="bottom-end" shadow="md" width={280} trapFocus>
      <Popover.Target>
        <Button variant="default" size="xs" leftSection={<IconColumns3 size={16} />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            {pinned}
          </Text>
          <Stack gap={2} role="list" aria-label="Columns">
            {prefs.order.map((id, index) => {
              const label = labels.get(id) ?? id;
              return (
                <Group key={id} justify="space-between" wrap="nowrap" gap="xs" role="listitem">
                  <Checkbox
                    size="xs"
                    label={label}
                    checked={prefs.isShown(id)}
                    onChange={(event) => prefs.setShown(id, event.currentTarget.checked)}
                  />
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="gray"
                      aria-label={`Move ${label} up`}
                      disabled={index === 0}
                      onClick={() => prefs.move(id, -1)}
                    >
                      <IconArrowUp size={14} />
                    </ActionIcon>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="gray"
                      aria-label={`Move ${label} down`}
                      disabled={index === prefs.order.length - 1}
                      onClick={() => prefs.move(id, 1)}
                    >
                      <IconArrowDown size={14} />
                    </ActionIcon>
                  </Group>
                </Group>
              );
            })}
          </Stack>
          <Group gap="xs" justify="flex-end">
            <Button size="compact-xs" variant="subtle" onClick={prefs.showAll}>
              Show all
            </Button>
            <Button size="compact-xs" variant="subtle" color="gray" onClick={prefs.reset}>
              Reset
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};
