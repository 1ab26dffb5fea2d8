import { memo } from 'react';
import type { ReactNode } from 'react';
import { Button, Grid, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustments, IconFilterOff, IconMapPin, IconSearch } from '@tabler/icons-react';
import { COMPANY_SIZES, INDUSTRIES, LEAD_SOURCES, LEAD_STATUSES } from '@leadline/shared/leads';
import { REVERSED_RANGE } from '@leadline/shared/dates';
import { DateRangeInputs } from '../../../components/date-range-inputs.tsx';
import { DebouncedInput } from '../../../components/search-input.tsx';
import { MOBILE_QUERY } from '../../../lib/constants.ts';
import { ownerOptions, useLeadOwners } from '../api/lead-owners.ts';
import { FILTER_KEYS } from './lead-view-state.ts';
import type { LeadFilters } from './lead-view-state.ts';

type LeadsFiltersProps = {
  filters: LeadFilters;
  filtering: boolean;
  onChange: (patch: Partial<LeadFilters>, options?: { replace?: boolean }) => void;
  onClear: () => void;
  /** Further filters from the screen (the organisation's custom fields). */
  extra?: ReactNode;
  /** How many of those are set (counted on the phone's Filters button). */
  extraActive?: number;
};

const options = (all: string, values: readonly string[], current: string) => [
  { value: '', label: all },
  ...values,
  // A value from a shared link that is not offered still shows as chosen.
  ...(current && !values.includes(current) ? [current] : []),
];

const half = { base: 12, xs: 6, md: 4, lg: 2 };

const dateRow = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: 'var(--mantine-spacing-sm)',
} as const;
const dateInputs = {
  display: 'flex',
  gap: 'var(--mantine-spacing-sm)',
  flex: '1 1 260px',
  maxWidth: 400,
  minWidth: 0,
} as const;

/**
 * Search, the five filters and the created-date range; each change returns to page 1. On a
 * phone everything but the search folds away behind a Filters button.
 */
const FiltersPanel = ({
  filters,
  filtering,
  onChange,
  onClear,
  extra,
  extraActive = 0,
}: LeadsFiltersProps) => {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [open, { toggle }] = useDisclosure(false);
  // "Mine" is the My leads scope, chosen above the table: not counted as a folded filter.
  const active =
    FILTER_KEYS.filter(
      (key) =>
        key !== 'search' && filters[key] !== '' && !(key === 'owner' && filters[key] === 'me'),
    ).length + extraActive;
  const showAll = !mobile || open;
  // ISO days compare as text.
  const inverted = filters.from !== '' && filters.to !== '' && filters.to < filters.from;
  const owners = useLeadOwners();
  const ownerChoices = [
    { value: '', label: 'All owners' },
    { value: 'me', label: 'Mine' },
    ...ownerOptions(owners.data ?? [], filters.owner),
  ];
  // An owner from the URL still shows as chosen while the users load (or if they are gone).
  if (!ownerChoices.some((choice) => choice.value === filters.owner))
    ownerChoices.push({
      value: filters.owner,
      label: owners.isPending ? 'Loading…' : 'Unknown user',
    });

  return (
    <Stack gap="sm">
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 12, md: 8, lg: 4 }}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <DebouncedInput
              label="Search"
              placeholder="Name, company, email…"
              leftSection={<IconSearch size={16} />}
              value={filters.search}
              onCommit={(search) => onChange({ search }, { replace: true })}
              style={{ flex: 1 }}
            />
            {mobile ? (
              <Button
                variant={active > 0 ? 'light' : 'default'}
                leftSection={<IconAdjustments size={16} />}
                onClick={toggle}
                aria-expanded={open}
              >
                {active > 0 ? `Filters (${active})` : 'Filters'}
              </Button>
            ) : null}
          </Group>
        </Grid.Col>
        {showAll ? (
          <>
            <Grid.Col span={half}>
              <NativeSelect
                label="Industry"
                value={filters.industry}
                data={options('All industries', INDUSTRIES, filters.industry)}
                onChange={(event) => onChange({ industry: event.currentTarget.value })}
              />
            </Grid.Col>
            <Grid.Col span={half}>
              <NativeSelect
                label="Company size"
                value={filters.size}
                data={options('All sizes', COMPANY_SIZES, filters.size)}
                onChange={(event) => onChange({ size: event.currentTarget.value })}
              />
            </Grid.Col>
            <Grid.Col span={half}>
              <NativeSelect
                label="Source"
                value={filters.source}
                data={options('All sources', LEAD_SOURCES, filters.source)}
                onChange={(event) => onChange({ source: event.currentTarget.value })}
              />
            </Grid.Col>
            <Grid.Col span={half}>
              <NativeSelect
                label="Status"
                value={filters.status}
                data={options('All statuses', LEAD_STATUSES, filters.status)}
                onChange={(event) => onChange({ status: event.currentTarget.value })}
              />
            </Grid.Col>
            <Grid.Col span={half}>
              <NativeSelect
                label="Owner"
                value={filters.owner}
                data={ownerChoices}
                onChange={(event) => onChange({ owner: event.currentTarget.value })}
              />
            </Grid.Col>
            <Grid.Col span={half}>
              <DebouncedInput
                label="Location"
                placeholder="City, state or country"
                leftSection={<IconMapPin size={16} />}
                value={filters.location}
                onCommit={(location) => onChange({ location }, { replace: true })}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 'auto' }}>
              <div role="group" aria-label="Created date" style={dateRow}>
                <Text size="sm" fw={500} pb={8} style={{ whiteSpace: 'nowrap' }}>
                  Filter by Created Date:
                </Text>
                <div style={dateInputs}>
                  <DateRangeInputs
                    from={filters.from}
                    to={filters.to}
                    onDates={onChange}
                    toError={inverted ? REVERSED_RANGE : undefined}
                  />
                </div>
              </div>
            </Grid.Col>
            {extra ? <Grid.Col span={12}>{extra}</Grid.Col> : null}
            {filtering ? (
              <Grid.Col span={{ base: 12, lg: 'content' }}>
                <Button
                  variant="subtle"
                  color="gray"
                  leftSection={<IconFilterOff size={16} />}
                  onClick={onClear}
                >
                  Clear filters
                </Button>
              </Grid.Col>
            ) : null}
          </>
        ) : null}
      </Grid>
    </Stack>
  );
};

/** Memoised: its props change with the filters, not with the selection or the page. */
export const LeadsFilters = memo(FiltersPanel);
