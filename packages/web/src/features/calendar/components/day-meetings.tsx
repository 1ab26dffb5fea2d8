import { Alert, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { FETCH_MEETINGS_FAILED, LOADING_MEETINGS, NO_MEETINGS } from '@leadline/shared/calendar';
import type { Meeting } from '@leadline/shared/calendar';
import { confirmDanger } from '../../../components/confirm.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteMeeting } from '../api/delete-meeting.ts';
import { useDayMeetings } from '../api/get-meetings.ts';
import { useResendInvitations } from '../api/resend-invitations.ts';
import { dayKey, formatLongDay } from './calendar-dates.ts';
import { MeetingCard } from './meeting-card.tsx';

/** A warning that stays until closed: the invitations that did not go out, and why. */
export const notifyNotice = (notice: string): void => {
  notifications.show({ color: 'yellow', title: 'Invitations', message: notice, autoClose: 12_000 });
};

type DayMeetingsProps = {
  day: Date;
  timeZone: string;
  canChange: (meeting: Meeting) => boolean;
  onEdit: (meeting: Meeting) => void;
};

/** 'Meetings for {date}': the selected day's meetings, loaded when the day is chosen. */
export const DayMeetings = ({ day, timeZone, canChange, onEdit }: DayMeetingsProps) => {
  const meetings = useDayMeetings(dayKey(day), timeZone);
  const resend = useResendInvitations();
  const remove = useDeleteMeeting();

  const resendTo = (meeting: Meeting) =>
    resend.mutate(meeting._id, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        if (result.notice) notifyNotice(result.notice);
      },
      onError: (error) => notifyError(errorMessage(error, 'Failed to resend invitations'), error),
    });

  const confirmDelete = (meeting: Meeting) =>
    confirmDanger({
      title: 'Delete meeting',
      message: meeting.invitations.some((invitation) => invitation.sentAt !== null)
        ? `Delete "${meeting.topic}"? Invited attendees will receive a cancellation.`
        : `Delete "${meeting.topic}"?`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate(meeting._id, {
          onSuccess: (result) => {
            notifySuccess(
              result.invitationsSent > 0
                ? `${result.message}. Cancellations sent: ${result.invitationsSent}.`
                : result.message,
            );
            if (result.notice) notifyNotice(result.notice);
          },
          onError: (error) => notifyError(errorMessage(error, 'Failed to delete meeting'), error),
        }),
    });

  return (
    <Stack gap="sm" component="section" aria-label="Meetings of the selected day">
      <Title order={3} size="h4">
        Meetings for {formatLongDay(day)}
      </Title>
      {meetings.isPending ? (
        <Text c="dimmed">{LOADING_MEETINGS}</Text>
      ) : meetings.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {errorMessage(meetings.error, FETCH_MEETINGS_FAILED)}
        </Alert>
      ) : meetings.data.length === 0 ? (
        <Text c="dimmed">{NO_MEETINGS}</Text>
      ) : (
        meetings.data.map((meeting) => (
          <MeetingCard
            key={meeting._id}
            meeting={meeting}
            canChange={canChange(meeting)}
            resending={resend.isPending && resend.variables === meeting._id}
            onResend={() => resendTo(meeting)}
            onEdit={() => onEdit(meeting)}
            onDelete={() => confirmDelete(meeting)}
          />
        ))
      )}
    </Stack>
  );
};
