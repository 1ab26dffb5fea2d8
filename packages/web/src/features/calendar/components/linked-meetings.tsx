import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { formatTime12, meetingScheduledMessage } from '@leadline/shared/calendar';
import type { Meeting, MeetingLink } from '@leadline/shared/calendar';
import { notifySuccess } from '../../../lib/notify.ts';
import { useLinkedMeetings } from '../api/attendee-options.ts';
import { dayKey, startOfDay } from './calendar-dates.ts';
import { notifyNotice } from './day-meetings.tsx';
import { MeetingModal } from './meeting-modal.tsx';

const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** The calendar on the meeting's day (the viewer's), where its card is. */
export const meetingDayPath = (meeting: Pick<Meeting, 'start'>): string =>
  `/calendar?${new URLSearchParams({ view: 'day', date: dayKey(new Date(meeting.start)) }).toString()}`;

const MeetingLine = ({ meeting }: { meeting: Meeting }) => (
  <Group component="li" gap="xs" wrap="nowrap" justify="space-between" data-meeting={meeting._id}>
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Anchor component={Link} to={meetingDayPath(meeting)} size="sm" fw={600} truncate>
        {meeting.topic}
      </Anchor>
      <Text size="xs" c="dimmed">
        {dayFormat.format(new Date(meeting.start))}, {formatTime12(meeting.start)} –{' '}
        {formatTime12(meeting.end)}
        {meeting.organizer.name ? ` · ${meeting.organizer.name}` : ''}
      </Text>
    </Stack>
  </Group>
);

const MeetingList = ({ label, meetings }: { label: string; meetings: Meeting[] }) => (
  <Stack gap={4}>
    <Text size="xs" fw={600} c="dimmed">
      {label}
    </Text>
    <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {meetings.map((meeting) => (
        <MeetingLine key={meeting._id} meeting={meeting} />
      ))}
    </Stack>
  </Stack>
);

/**
 * A lead's (or client's) meetings, upcoming then past, each linked to its day in the calendar,
 * and "Schedule meeting" with the record already picked as an attendee.
 */
export const LinkedMeetings = ({ link }: { link: MeetingLink }) => {
  const meetings = useLinkedMeetings(link.kind, link.id);
  const [scheduling, setScheduling] = useState<number | null>(null);
  const upcoming = meetings.data?.upcoming ?? [];
  const past = meetings.data?.past ?? [];
  return (
    <Stack gap="sm">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconCalendarPlus size={14} />}
        onClick={() => setScheduling(Date.now())}
        disabled={!link.email}
        title={link.email ? undefined : 'Add an email address to invite them'}
        style={{ alignSelf: 'flex-start' }}
      >
        Schedule meeting
      </Button>
      {meetings.isPending ? (
        <Loader size="sm" aria-label="Loading meetings" />
      ) : meetings.isError ? (
        <Alert color="red" variant="light">
          Failed to load the meetings.
        </Alert>
      ) : upcoming.length + past.length === 0 ? (
        <Text size="sm" c="dimmed">
          No meetings yet. Schedule one here, or pick {link.name} as an attendee in the calendar.
        </Text>
      ) : (
        <>
          {upcoming.length > 0 ? <MeetingList label="Upcoming" meetings={upcoming} /> : null}
          {past.length > 0 ? <MeetingList label="Past" meetings={past} /> : null}
        </>
      )}
      {scheduling !== null ? (
        <MeetingModal
          key={scheduling}
          meeting={null}
          date={dayKey(startOfDay(new Date()))}
          initialLinks={[link]}
          onClose={() => setScheduling(null)}
          onSaved={({ result }) => {
            setScheduling(null);
            notifySuccess(meetingScheduledMessage(result.meeting.topic, result.invitationsSent));
            if (result.notice) notifyNotice(result.notice);
          }}
        />
      ) : null}
    </Stack>
  );
};
