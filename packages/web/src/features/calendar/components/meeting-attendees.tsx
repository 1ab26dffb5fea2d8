import { Badge, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { ATTENDEE_RESPONSES, RESPONSE_LABELS } from '@leadline/shared/calendar';
import type {
  AttendeeResponse,
  InvitationStatus,
  Meeting,
  MeetingInvitation,
} from '@leadline/shared/calendar';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSetAttendeeResponse } from '../api/set-attendee-response.ts';

const INVITATION_LABELS: Record<InvitationStatus, { label: string; color: string }> = {
  sent: { label: 'Invitation sent', color: 'green' },
  pending: { label: 'Not sent yet', color: 'yellow' },
  failed: { label: 'Invitation failed', color: 'red' },
};

const RESPONSE_COLORS: Record<AttendeeResponse, string> = {
  'needs-action': 'gray',
  accepted: 'green',
  declined: 'red',
  tentative: 'yellow',
};

const responseOptions = ATTENDEE_RESPONSES.map((value) => ({
  value,
  label: RESPONSE_LABELS[value],
}));

type AttendeeLineProps = {
  invitation: MeetingInvitation;
  canChange: boolean;
  onRespond: (response: AttendeeResponse) => void;
};

const AttendeeLine = ({ invitation, canChange, onRespond }: AttendeeLineProps) => {
  const sent = INVITATION_LABELS[invitation.status];
  return (
    <Group component="li" gap={6} justify="space-between" wrap="wrap" data-email={invitation.email}>
      <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 160px' }}>
        {invitation.email}
      </Text>
      <Group gap={6} wrap="nowrap">
        <Badge size="sm" variant="dot" color={sent.color} tt="none">
          {sent.label}
        </Badge>
        {canChange ? (
          <NativeSelect
            size="xs"
            aria-label={`Response of ${invitation.email}`}
            data={responseOptions}
            value={invitation.response}
            onChange={(event) => onRespond(event.currentTarget.value as AttendeeResponse)}
          />
        ) : (
          <Badge size="sm" variant="light" color={RESPONSE_COLORS[invitation.response]} tt="none">
            {RESPONSE_LABELS[invitation.response]}
          </Badge>
        )}
      </Group>
    </Group>
  );
};

/**
 * Each attendee of a meeting: whether their invitation went out and what they answered. The
 * organiser (or an administrator) may record an answer by hand.
 */
export const MeetingAttendees = ({
  meeting,
  canChange,
}: {
  meeting: Meeting;
  canChange: boolean;
}) => {
  const respond = useSetAttendeeResponse();
  if (meeting.invitations.length === 0) return null;
  return (
    <Stack
      component="ul"
      gap={4}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={`Attendees of ${meeting.topic}`}
    >
      {meeting.invitations.map((invitation) => (
        <AttendeeLine
          key={invitation.email}
          invitation={invitation}
          canChange={canChange}
          onRespond={(response) =>
            respond.mutate(
              { id: meeting._id, email: invitation.email, response },
              {
                onError: (error) =>
                  notifyError(errorMessage(error, 'Failed to record the response'), error),
              },
            )
          }
        />
      ))}
    </Stack>
  );
};
