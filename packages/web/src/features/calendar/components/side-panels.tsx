import { ActionIcon, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconHistory } from '@tabler/icons-react';
import { ActivityTypeIcon } from '../../../components/activity-type.tsx';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { useCalendarActivity } from '../api/get-calendar-activity.ts';
import { monthName } from './calendar-dates.ts';
import { MiniMonth } from './mini-month.tsx';

type MiniCalendarProps = {
  month: Date;
  selected: Date;
  today: Date;
  marked: ReadonlySet<string>;
  onSelect: (day: Date) => void;
  onStepMonth: (direction: 1 | -1) => void;
};

/** The side calendar: a month with its meeting days marked. */
export const MiniCalendar = ({ month, onStepMonth, ...rest }: MiniCalendarProps) => (
  <Card withBorder radius="md" padding="md" component="section" aria-label="Mini calendar">
    <Group justify="space-between" mb="xs" wrap="nowrap">
      <ActionIcon variant="subtle" aria-label="Previous month" onClick={() => onStepMonth(-1)}>
        <IconChevronLeft size={16} />
      </ActionIcon>
      <Text fw={600} size="sm">
        {monthName(month)}
      </Text>
      <ActionIcon variant="subtle" aria-label="Next month" onClick={() => onStepMonth(1)}>
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
    <MiniMonth month={month} {...rest} />
  </Card>
);

/** The newest meeting entries of the activity log: what really happened, no sample data. */
export const CalendarActivity = () => {
  const activity = useCalendarActivity();
  const entries = activity.data ?? [];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Recent Activity">
      <Title order={3} size="h5" mb="sm">
        Recent Activity
      </Title>
      {activity.isPending ? (
        <Text size="sm" c="dimmed">
          Loading activity...
        </Text>
      ) : activity.isError ? (
        <Text size="sm" c="red">
          Failed to load activity
        </Text>
      ) : entries.length === 0 ? (
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="gray" radius="xl" aria-hidden>
            <IconHistory size={16} />
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            Meetings you schedule, change or cancel show up here.
          </Text>
        </Group>
      ) : (
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => (
            <Group key={entry._id} component="li" gap="sm" wrap="nowrap" align="flex-start">
              <ActivityTypeIcon type={entry.type} size="md" />
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {entry.details}
                </Text>
                <Text component="time" dateTime={entry.timestamp} size="xs" c="dimmed">
                  {formatRelativeTime(entry.timestamp)}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
};
