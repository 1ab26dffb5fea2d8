import { Badge, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import type { UpcomingMeeting } from '@leadline/shared/dashboard';
import { formatDateTime } from '../../../lib/format.ts';
import { Panel, PanelEmpty, PanelLink } from './panel.tsx';

type UpcomingMeetingsProps = { meetings: UpcomingMeeting[]; canOpenCalendar: boolean };

/** Meetings not yet completed, soonest first, as the calendar holds them; no sample data. */
export const UpcomingMeetings = ({ meetings, canOpenCalendar }: UpcomingMeetingsProps) => (
  <Panel
    title="Upcoming Meetings"
    description="Scheduled and pending meetings"
    action={canOpenCalendar ? <PanelLink to="/calendar" label="View all meetings" /> : null}
  >
    {meetings.length === 0 ? (
      <PanelEmpty
        icon={
          <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
            <IconCalendarEvent size={24} />
          </ThemeIcon>
        }
        title="No upcoming meetings"
        hint="Meetings appear here once they are scheduled in the calendar."
      />
    ) : (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {meetings.map((meeting) => (
          <Group key={meeting._id} component="li" gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon size="md" radius="xl" variant="light" color="violet" aria-hidden>
              <IconCalendarEvent size={16} />
            </ThemeIcon>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {meeting.title}
              </Text>
              <Text component="time" dateTime={meeting.date} size="sm" c="dimmed">
                {formatDateTime(meeting.date)}
              </Text>
            </Stack>
            <Badge
              variant="light"
              color={meeting.status === 'scheduled' ? 'blue' : 'yellow'}
              tt="capitalize"
              title={
                meeting.status === 'scheduled'
                  ? 'Every invitation has been sent'
                  : 'Some invitations have not been sent yet'
              }
            >
              {meeting.status}
            </Badge>
          </Group>
        ))}
      </Stack>
    )}
  </Panel>
);
