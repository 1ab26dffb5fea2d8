import { Link } from 'react-router';
import { Group, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import type { DashboardResponse } from '@leadline/shared/dashboard';
import { formatCount } from '../../../lib/format.ts';
import { formatShare } from './dashboard-format.ts';
import classes from './dashboard.module.css';
import { Panel } from './panel.tsx';

const STATUS_COLORS: Record<string, string> = {
  'Hot Lead': 'red',
  'Warm Lead': 'orange',
  'Cold Lead': 'blue',
  Qualified: 'teal',
};

type LeadsByStatusProps = { data: DashboardResponse['leadsByStatus']; linkable: boolean };

const statusPath = (status: string) => `/leads-table?${new URLSearchParams({ status }).toString()}`;

/** How the organisation's leads divide over the four statuses. */
export const LeadsByStatus = ({ data, linkable }: LeadsByStatusProps) => {
  const total = data.reduce((sum, row) => sum + row.count, 0);
  return (
    <Panel title="Leads by Status" description={`${formatCount(total)} leads in total`}>
      <Stack gap={4} mx={-6}>
        {data.map((row) => {
          const share = formatShare(row.count, total);
          const content = (
            <Stack gap={4} p={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={500}>
                  {row.status}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatCount(row.count)} · {share}
                </Text>
              </Group>
              <Progress
                value={total > 0 ? (row.count / total) * 100 : 0}
                color={STATUS_COLORS[row.status] ?? 'gray'}
                size="sm"
                aria-hidden
              />
            </Stack>
          );
          return linkable ? (
            <UnstyledButton
              key={row.status}
              component={Link}
              to={statusPath(row.status)}
              className={classes.rowLink}
            >
              {content}
            </UnstyledButton>
          ) : (
            <div key={row.status}>{content}</div>
          );
        })}
      </Stack>
    </Panel>
  );
};
