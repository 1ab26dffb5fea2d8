import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { ActivityEntry } from '@leadline/shared/activity';
import { ActivityTypeIcon, activityTypeColor } from '../../../components/activity-type.tsx';
import { formatDateTime } from '../../../lib/format.ts';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An activity entry: type, action, details and the time, with a left border by type. */
export const ActivityCard = ({ entry }: { entry: ActivityEntry }) => {
  const color = activityTypeColor(entry.type);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={`${entry.type} ${entry.action}`}
      data-type={entry.type}
      style={{ borderLeft: `4px solid var(--mantine-color-${color}-filled)` }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ActivityTypeIcon type={entry.type} size="lg" />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="wrap" align="baseline">
            <Group gap="xs" wrap="wrap">
              <Badge color={color} variant="light" size="sm">
                {entry.type}
              </Badge>
              <Text fw={600} size="sm">
                {capitalise(entry.action)}
              </Text>
            </Group>
            <Text component="time" dateTime={entry.timestamp} size="xs" c="dimmed">
              {formatDateTime(entry.timestamp, '')}
            </Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {entry.details}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
};
