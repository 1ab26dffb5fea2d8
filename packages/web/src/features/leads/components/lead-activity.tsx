import { Alert, Badge, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useLeadActivity } from '../api/get-lead-activity.ts';

/** The lead's activity entries (GET /api/leads/:id/activity), newest first. */
export const LeadActivity = ({ leadId }: { leadId: string }) => {
  const activity = useLeadActivity(leadId);
  if (activity.isPending) return <Loader size="sm" aria-label="Loading activity" />;
  if (activity.isError) {
    const forbidden = activity.error instanceof ApiRequestError && activity.error.status === 403;
    return (
      <Alert color={forbidden ? 'gray' : 'red'} variant="light">
        {forbidden ? 'You do not have permission to view activity.' : 'Failed to fetch activities.'}
      </Alert>
    );
  }
  if (activity.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No activity yet
      </Text>
    );
  }
  return (
    <Timeline bulletSize={12} lineWidth={2} active={-1}>
      {activity.data.map((entry) => (
        <Timeline.Item
          key={entry._id}
          title={
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600} tt="capitalize">
                {entry.action}
              </Text>
              <Badge size="xs" variant="light" color="gray">
                {entry.type}
              </Badge>
            </Group>
          }
        >
          <Stack gap={0}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {entry.details}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.timestamp)}
            </Text>
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
};
