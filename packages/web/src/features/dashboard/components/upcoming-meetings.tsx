import { Badge, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import type { UpcomingMeeting } from '@leadline/shared/dashboard';
import { formatDateTime } from '../../../lib/format.ts';
import { ListPanel, PanelLink } from './panel.tsx';

type UpcomingMeetingsProps = { meetings: UpcomingMeeting[]; canOpenCalendar: boolean };

/** Meetings not yet completed, soonest first, as the calendar holds them; no sample data. */
export const UpcomingMeetings = ({ meetings, canOpenCalendar }: UpcomingMeetingsProps) => (
  <ListPanel
    title="Upcoming Meetings"
    description="Scheduled and pending meetings"
    action={canOpenCalendar ? <PanelLink to="/calendar" label="View all meetings" /> : null}
    items={meetings}
    empty={{
      icon: IconCalendarEvent,
      title: 'No upcoming meetings',
      hint: 'Meetings appear here once they are scheduled in the calendar.',
    }}
  >
    {(meeting) => (
      <>
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
      </>
    )}
  </ListPanel>
);
