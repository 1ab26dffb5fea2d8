import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { SCHEDULE_FAILED, SCHEDULING_CONFLICT } from '@leadline/shared/calendar';
import type {
  Meeting,
  MeetingChangeResponse,
  ScheduleMeetingResponse,
} from '@leadline/shared/calendar';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { MOBILE_QUERY } from '../../../lib/constants.ts';
import { fetchDayMeetings } from '../api/get-meetings.ts';
import { useScheduleMeeting } from '../api/schedule-meeting.ts';
import { useUpdateMeeting } from '../api/update-meeting.ts';
import { viewerTimeZone } from './calendar-dates.ts';
import { MeetingFields, MeetingSummary } from './meeting-fields.tsx';
import {
  MEETING_FIELDS,
  fieldProblems,
  meetingValues,
  newMeetingValues,
  overlapsAny,
  submitProblem,
  toMeetingInput,
} from './meeting-form.ts';
import type { MeetingField, MeetingFormValues } from './meeting-form.ts';

export type MeetingSaved =
  | { kind: 'scheduled'; result: ScheduleMeetingResponse }
  | { kind: 'updated'; result: MeetingChangeResponse };

type MeetingModalProps = {
  /** The meeting edited, or null to schedule a new one on `date`. */
  meeting: Meeting | null;
  date: string;
  onClose: () => void;
  onSaved: (saved: MeetingSaved) => void;
};

const serverFieldErrors = (error: unknown): Partial<Record<MeetingField, string>> => {
  if (!(error instanceof ApiRequestError)) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors).filter(([field]) =>
      (MEETING_FIELDS as readonly string[]).includes(field),
    ),
  );
};

/**
 * Schedule Meeting (or Edit Meeting): summary card, the fields with their limits and counters,
 * the seed's checks, the conflict question, then 'Scheduling...' while the invitations go out.
 * Mount it afresh for each meeting (a `key`): it starts from that meeting's values.
 */
export const MeetingModal = ({ meeting, date, onClose, onSaved }: MeetingModalProps) => {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const queryClient = useQueryClient();
  const schedule = useScheduleMeeting();
  const update = useUpdateMeeting();
  const viewerZone = viewerTimeZone();
  const timeZone = meeting?.timeZone ?? viewerZone;
  const [values, setValues] = useState<MeetingFormValues>(() =>
    meeting ? meetingValues(meeting) : newMeetingValues(date),
  );
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<MeetingField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [checking, setChecking] = useState(false);
  const saving = schedule.isPending || update.isPending || checking;
  const errors = { ...(checked ? fieldProblems(values, timeZone) : {}), ...serverErrors };

  const change = (field: MeetingField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
    setProblem(null);
    setConflict(false);
  };

  const save = () => {
    const input = toMeetingInput(values, timeZone);
    const onError = (error: unknown) => {
      setProblem(
        error instanceof ApiRequestError && error.status === 0
          ? SCHEDULE_FAILED
          : errorMessage(error, SCHEDULE_FAILED),
      );
      setServerErrors(serverFieldErrors(error));
    };
    if (meeting) {
      update.mutate(
        { id: meeting._id, meeting: input },
        { onSuccess: (result) => onSaved({ kind: 'updated', result }), onError },
      );
    } else {
      schedule.mutate(input, {
        onSuccess: (result) => onSaved({ kind: 'scheduled', result }),
        onError,
      });
    }
  };

  const submit = async (proceed: boolean) => {
    setChecked(true);
    const pageProblem = submitProblem(values);
    if (pageProblem) return setProblem(pageProblem);
    if (Object.keys(fieldProblems(values, timeZone)).length > 0) return setProblem(null);
    // The day's other meetings, as the grid knows them (times in the browser's zone).
    if (!proceed && timeZone === viewerZone) {
      setChecking(true);
      try {
        const sameDay = await fetchDayMeetings(queryClient, values.date, viewerZone);
        if (overlapsAny(values, sameDay, meeting?._id ?? null)) return setConflict(true);
      } catch {
        // The check is a courtesy: the meeting can still be saved.
      } finally {
        setChecking(false);
      }
    }
    setConflict(false);
    save();
  };

  const editing = meeting !== null;
  return (
    <Modal
      opened
      onClose={saving ? () => undefined : onClose}
      title={editing ? 'Edit Meeting' : 'Schedule Meeting'}
      size="lg"
      fullScreen={mobile}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit(false);
        }}
      >
        <Stack gap="md">
          <MeetingSummary values={values} />
          {problem ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          ) : null}
          <MeetingFields values={values} errors={errors} onChange={change} />
          <Text size="xs" c="dimmed">
            {timeZone === viewerZone
              ? `Times are in your time zone (${timeZone}).`
              : `Times are in the organiser's time zone (${timeZone}).`}
          </Text>
          {conflict ? (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              role="alert"
            >
              <Stack gap="xs">
                <Text size="sm">{SCHEDULING_CONFLICT}</Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    color="yellow"
                    onClick={() => void submit(true)}
                    loading={saving}
                  >
                    Proceed anyway
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setConflict(false)}>
                    Change time
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={values.topic === '' || conflict || saving}>
              {saving
                ? editing
                  ? 'Saving...'
                  : 'Scheduling...'
                : editing
                  ? 'Save & Send Updates'
                  : 'Schedule & Send Invites'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
