import { Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { ActivityEntry } from '@leadline/shared/activity';
import { ActivityTypeIcon } from '../../../components/activity-type.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { ListPanel, PanelLink } from './panel.tsx';

type RecentActivityProps = { entries: ActivityEntry[]; canViewAll: boolean };

/** The ten newest entries of the activity log: real changes, no sample data. */
export const RecentActivity = ({ entries, canViewAll }: RecentActivityProps) => (
  <ListPanel
    title="Recent Activity"
    description="The latest changes in your organisation"
    action={canViewAll ? <PanelLink to="/activity" label="View all activity" /> : null}
    items={entries}
    ordered
    empty={{
      icon: IconHistory,
      title: 'No activity yet',
      hint: 'Changes to leads, clients and campaigns show up here as they happen.',
    }}
  >
    {(entry) => (
      <>
        <ActivityTypeIcon type={entry.type} size="md" />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
            <Text size="sm" fw={600}>
              {entry.type} {entry.action}
            </Text>
            <Tooltip label={formatDateTime(entry.timestamp)} withArrow>
              <Text
                component="time"
                dateTime={entry.timestamp}
                size="xs"
                c="dimmed"
                style={{ whiteSpace: 'nowrap' }}
              >
                {formatRelativeTime(entry.timestamp)}
              </Text>
            </Tooltip>
          </Group>
          <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {entry.details}
          </Text>
        </Stack>
      </>
    )}
  </ListPanel>
);
