import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { differs, useDiscardGuard } from '../../../components/discard-guard.tsx';
import { GuardedModal } from '../../../components/discard-guard-modal.tsx';
import { FormActions, FormFailure } from '../../../components/form-actions.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { SCHEDULE_FAILED } from '@leadline/shared/calendar';
import type {
  Meeting,
  MeetingLink,
  MeetingChangeResponse,
  MeetingConflict,
  ScheduleMeetingResponse,
} from '@leadline/shared/calendar';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { MOBILE_QUERY } from '../../../lib/constants.ts';
import { fetchMeetingConflicts, useMeetingConflicts } from '../api/get-conflicts.ts';
import { useScheduleMeeting } from '../api/schedule-meeting.ts';
import { useUpdateMeeting } from '../api/update-meeting.ts';
import { viewerTimeZone } from './calendar-dates.ts';
import { ConflictWarning } from './meeting-conflict.tsx';
import { MeetingFields, MeetingSummary } from './meeting-fields.tsx';
import {
  MEETING_FIELDS,
  conflictQuery,
  fieldProblems,
  meetingValues,
  newMeetingValues,
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
  /** Attendees picked already for a new meeting (the lead it is scheduled from). */
  initialLinks?: readonly MeetingLink[];
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
 * the form's checks, the conflict question, then 'Scheduling...' while the invitations go out.
 * Mount it afresh for each meeting (a `key`): it starts from that meeting's values.
 */
export const MeetingModal = ({
  meeting,
  date,
  initialLinks = [],
  onClose,
  onSaved,
}: MeetingModalProps) => {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const queryClient = useQueryClient();
  const schedule = useScheduleMeeting();
  const update = useUpdateMeeting();
  const viewerZone = viewerTimeZone();
  const timeZone = meeting?.timeZone ?? viewerZone;
  const [values, setValues] = useState<MeetingFormValues>(() =>
    meeting ? meetingValues(meeting) : newMeetingValues(date),
  );
  const [links, setLinks] = useState<MeetingLink[]>(() => [
    ...(meeting ? meeting.links : initialLinks),
  ]);
  const [initialValues] = useState(values);
  const [initialLinksShown] = useState(links);
  const guard = useDiscardGuard({
    dirty: differs(values, initialValues) || differs(links, initialLinksShown),
    onClose,
  });
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<MeetingField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  // The clashes found when the form was sent: the question stays until answered or changed.
  const [asked, setAsked] = useState<readonly MeetingConflict[] | null>(null);
  const [checking, setChecking] = useState(false);
  const saving = schedule.isPending || update.isPending || checking;
  const errors = { ...(checked ? fieldProblems(values, timeZone) : {}), ...serverErrors };
  const clashQuery = conflictQuery(values, timeZone, meeting?._id ?? null);
  const [debouncedQuery] = useDebouncedValue(clashQuery, 300);
  const conflicts = useMeetingConflicts(clashQuery && debouncedQuery);
  // The warning follows the times as they change; an answer for other times is not shown.
  const shownConflicts =
    conflicts.data && JSON.stringify(debouncedQuery) === JSON.stringify(clashQuery)
      ? conflicts.data
      : [];

  const change = (field: MeetingField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
    setProblem(null);
    setAsked(null);
  };

  const changeLinks = (next: MeetingLink[]) => {
    setLinks(next);
    setProblem(null);
  };

  const save = () => {
    const input = toMeetingInput(values, timeZone, links);
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
    // The organisation's meetings at those times, in the organiser's zone (the server knows).
    if (!proceed && clashQuery) {
      setChecking(true);
      try {
        const clashes = await fetchMeetingConflicts(queryClient, clashQuery);
        if (clashes.length > 0) return setAsked(clashes);
      } catch {
        // The check is a courtesy: the meeting can still be saved.
      } finally {
        setChecking(false);
      }
    }
    setAsked(null);
    save();
  };

  const editing = meeting !== null;
  return (
    <GuardedModal
      guard={guard}
      locked={saving}
      opened
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
          <MeetingSummary values={values} links={links} />
          <FormFailure>{problem}</FormFailure>
          <MeetingFields
            values={values}
            errors={errors}
            onChange={change}
            links={links}
            onLinksChange={changeLinks}
            timesNote={
              <ConflictWarning
                conflicts={asked ?? shownConflicts}
                asking={asked !== null}
                saving={saving}
                onProceed={() => void submit(true)}
                onChangeTime={() => setAsked(null)}
              />
            }
          />
          <Text size="xs" c="dimmed">
            {timeZone === viewerZone
              ? `Times are in your time zone (${timeZone}).`
              : `Times are in the organiser's time zone (${timeZone}).`}
          </Text>
          <FormActions
            onCancel={guard.close}
            cancelDisabled={saving}
            disabled={values.topic === '' || asked !== null || saving}
            submitLabel={
              saving
                ? editing
                  ? 'Saving...'
                  : 'Scheduling...'
                : editing
                  ? 'Save & Send Updates'
                  : 'Schedule & Send Invites'
            }
          />
        </Stack>
      </form>
    </GuardedModal>
  );
};
