import { Group, NativeSelect } from '@mantine/core';
import { IconArrowsSort, IconFilter, IconSearch } from '@tabler/icons-react';
import {
  CAMPAIGN_SORTS,
  CAMPAIGN_STATUSES,
  CAMPAIGN_STATUS_LABELS,
} from '@leadline/shared/campaigns';
import type { CampaignSort, CampaignStatus } from '@leadline/shared/campaigns';
import { DebouncedInput } from '../../../components/search-input.tsx';

type CampaignToolbarProps = {
  search: string;
  status: CampaignStatus | '';
  sort: CampaignSort;
  onSearch: (search: string) => void;
  onStatus: (status: CampaignStatus | '') => void;
  onSort: (sort: CampaignSort) => void;
};

/** Search, the status filter (All Status, Draft, Active, Paused, Completed) and the sort. */
export const CampaignToolbar = (props: CampaignToolbarProps) => (
  <Group gap="sm" align="flex-end" wrap="wrap">
    <DebouncedInput
      label="Search campaigns"
      placeholder="Name, description or subject"
      leftSection={<IconSearch size={16} />}
      value={props.search}
      onCommit={props.onSearch}
      delay={150}
      style={{ flex: '1 1 240px' }}
    />
    <NativeSelect
      label="Status"
      leftSection={<IconFilter size={16} />}
      value={props.status}
      onChange={(event) => props.onStatus(event.currentTarget.value as CampaignStatus | '')}
      data={[
        { value: '', label: 'All Status' },
        ...CAMPAIGN_STATUSES.map((status) => ({
          value: status,
          label: CAMPAIGN_STATUS_LABELS[status],
        })),
      ]}
      style={{ flex: '1 1 150px', maxWidth: 220 }}
    />
    <NativeSelect
      label="Sort by"
      leftSection={<IconArrowsSort size={16} />}
      value={props.sort}
      onChange={(event) => props.onSort(event.currentTarget.value as CampaignSort)}
      data={CAMPAIGN_SORTS}
      style={{ flex: '1 1 150px', maxWidth: 220 }}
    />
  </Group>
);
