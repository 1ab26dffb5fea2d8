import { Button, Collapse, Group, Paper } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustments, IconChevronDown, IconFilterOff } from '@tabler/icons-react';
import type { CustomField } from '@leadline/shared/custom-fields';
import { CustomFilters } from './custom-filters.tsx';

type Param = `custom.${string}`;

type CustomFiltersPanelProps = {
  fields: readonly CustomField[];
  values: Readonly<Record<Param, string>>;
  onChange: (name: Param, value: string, options?: { replace?: boolean }) => void;
  onClear: () => void;
};

/** How many custom fields a list is filtered by (a range's two ends count once). */
const activeFields = (values: Readonly<Record<Param, string>>): number =>
  new Set(Object.keys(values).map((name) => name.replace(/\.(min|max)$/, ''))).size;

/**
 * A list's custom field filters folded under one button ("Custom filters (2)"), open when
 * the list is filtered by one, with Clear beside it.
 */
export const CustomFiltersPanel = ({
  fields,
  values,
  onChange,
  onClear,
}: CustomFiltersPanelProps) => {
  const active = activeFields(values);
  const [open, { toggle }] = useDisclosure(active > 0);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Group gap="xs" wrap="wrap">
        <Button
          variant={active > 0 ? 'light' : 'default'}
          leftSection={<IconAdjustments size={16} />}
          rightSection={
            <IconChevronDown
              size={14}
              style={{ transform: open ? 'rotate(180deg)' : undefined }}
              aria-hidden
            />
          }
          onClick={toggle}
          aria-expanded={open}
        >
          {active > 0 ? `Custom filters (${active})` : 'Custom filters'}
        </Button>
        {active > 0 ? (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconFilterOff size={16} />}
            onClick={onClear}
          >
            Clear custom filters
          </Button>
        ) : null}
      </Group>
      <Collapse expanded={open} pt="sm">
        <CustomFilters fields={fields} values={values} onChange={onChange} />
      </Collapse>
    </Paper>
  );
};
