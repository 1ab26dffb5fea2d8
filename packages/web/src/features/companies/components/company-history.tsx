import { Badge, Group, Stack, Text } from '@mantine/core';
import type { CompanyMeeting } from '@leadline/shared/companies';
import { formatDateTime } from '../../../lib/format.ts';

const Empty = ({ text }: { text: string }) => (
  <Text size="sm" c="dimmed">
    {text}
  </Text>
);

/** Meetings the company's contacts are invited to, newest first. */
export const CompanyMeetings = ({ meetings }: { meetings: CompanyMeeting[] }) =>
  meetings.length === 0 ? (
    <Empty text="No meetings with these contacts." />
  ) : (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {meetings.map((meeting) => (
        <li key={meeting.id}>
          <Text size="sm" fw={500}>
            {meeting.topic}
          </Text>
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {formatDateTime(meeting.startsAt)}
            </Text>
            {meeting.attendees.map((address) => (
              <Badge key={address} size="xs" variant="light" tt="none">
                {address}
              </Badge>
            ))}
          </Group>
        </li>
      ))}
    </Stack>
  );
