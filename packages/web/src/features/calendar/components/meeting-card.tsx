import type { ReactNode } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconClock, IconMapPin, IconSend, IconUser, IconUsers } from '@tabler/icons-react';
import { formatTime12, isConfirmed } from '@leadline/shared/calendar';
import type { Meeting } from '@leadline/shared/calendar';
import { viewerTimeZone } from './calendar-dates.ts';
import { MeetingAttendees } from './meeting-attendees.tsx';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons.tsx';

/** How the attendees' invitations stand, in a line and a colour. */
export const invitationSummary = (
  meeting: Meeting,
): { label: string; color: string; reason?: string } | null => {
  const total = meeting.invitations.length;
  if (total === 0) return null;
  const sent = meeting.invitations.filter((i) => i.status === 'sent').length;
  const failed = meeting.invitations.filter((i) => i.status === 'failed');
  const pending = meeting.invitations.filter((i) => i.status === 'pending');
  if (sent === total) return { label: `Invitations sent (${sent}/${total})`, color: 'green' };
  if (failed.length > 0) {
    return {
      label: `${failed.length} invitation(s) failed`,
      color: 'red',
      reason: failed[0]!.error,
    };
  }
  return {
    label: sent === 0 ? 'Invitations not sent' : `${pending.length} invitation(s) not sent`,
    color: 'yellow',
    reason: pending[0]?.error,
  };
};

const Line = ({ icon, children }: { icon: ReactNode; children: ReactNode }) => (
  <Group gap={6} wrap="nowrap" align="flex-start">
    <Text c="dimmed" component="span" style={{ display: 'inline-flex', paddingTop: 2 }} aria-hidden>
      {icon}
    </Text>
    <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
      {children}
    </Text>
  </Group>
);

type MeetingCardProps = {
  meeting: Meeting;
  /** The organiser or an administrator: Resend, Edit and Delete are theirs. */
  canChange: boolean;
  resending: boolean;
  onResend: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** One meeting of the selected day: topic, times, location, attendees, invitations. */
export const MeetingCard = ({
  meeting,
  canChange,
  resending,
  onResend,
  onEdit,
  onDelete,
}: MeetingCardProps) => {
  const summary = invitationSummary(meeting);
  const ownZone = meeting.timeZone !== viewerTimeZone();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={meeting.topic}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Text fw={700} style={{ overflowWrap: 'anywhere', minWidth: 0, flex: 1 }}>
            {meeting.topic}
          </Text>
          {isConfirmed(meeting) ? (
            <Badge color="green" variant="filled" tt="none">
              Confirmed
            </Badge>
          ) : null}
          {summary ? (
            <Tooltip label={summary.reason} disabled={!summary.reason} multiline w={280} withArrow>
              <Badge color={summary.color} variant="light" tt="none">
                {summary.label}
              </Badge>
            </Tooltip>
          ) : null}
        </Group>
        <Line icon={<IconClock size={14} />}>
          {formatTime12(meeting.start)} – {formatTime12(meeting.end)}
          {ownZone ? (
            <Text span size="xs" c="dimmed">
              {' '}
              ({meeting.startTime}–{meeting.endTime} {meeting.timeZone})
            </Text>
          ) : null}
        </Line>
        {meeting.location ? <Line icon={<IconMapPin size={14} />}>{meeting.location}</Line> : null}
        <Line icon={<IconUsers size={14} />}>{meeting.attendees.length} attendee(s)</Line>
        <MeetingAttendees meeting={meeting} canChange={canChange} />
        {meeting.organizer.name ? (
          <Line icon={<IconUser size={14} />}>Organised by {meeting.organizer.name}</Line>
        ) : null}
        {meeting.description ? (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
            {meeting.description}
          </Text>
        ) : null}
        {summary?.reason && summary.color !== 'green' ? (
          <Text size="xs" c={summary.color === 'red' ? 'red' : 'yellow.8'}>
            {summary.reason}
          </Text>
        ) : null}
        {canChange ? (
          <Group gap="xs" mt={4}>
            {meeting.attendees.length > 0 ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconSend size={14} />}
                loading={resending}
                onClick={onResend}
              >
                Resend
              </Button>
            ) : null}
            <EditDeleteButtons onEdit={onEdit} onDelete={onDelete} />
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
};
