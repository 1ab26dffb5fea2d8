import { useState } from 'react';
import { useReportDirty } from '../../../components/discard-guard.tsx';
import { Button, Group, NumberInput, Select, Stack, Textarea } from '@mantine/core';
import { CALL_OUTCOMES, CALL_OUTCOME_LABELS, NOTE_MAX } from '@leadline/shared/interactions';
import type { CallOutcome } from '@leadline/shared/interactions';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAddLeadNote } from '../api/lead-notes.ts';

type FormProps = { leadId: string; kind: 'note' | 'call'; onDone: () => void };

const OUTCOME_OPTIONS = CALL_OUTCOMES.map((value) => ({
  value,
  label: CALL_OUTCOME_LABELS[value],
}));

/** Adding a note, or logging a call with its outcome, length and notes. */
export const NoteForm = ({ leadId, kind, onDone }: FormProps) => {
  const add = useAddLeadNote(leadId);
  const [body, setBody] = useState('');
  const [outcome, setOutcome] = useState<CallOutcome | null>(null);
  const [minutes, setMinutes] = useState<number | string>('');
  const [problem, setProblem] = useState<string | null>(null);
  const call = kind === 'call';
  useReportDirty(body.trim() !== '' || outcome !== null || minutes !== '');

  const submit = () => {
    if (call && !outcome) return setProblem('Please choose the call outcome');
    if (!call && !body.trim()) return setProblem('Note is required');
    setProblem(null);
    const durationSeconds = typeof minutes === 'number' ? Math.round(minutes * 60) : null;
    add.mutate(
      call
        ? { kind: 'call', call: { outcome: outcome!, notes: body, durationSeconds } }
        : { kind: 'note', note: { body } },
      {
        onSuccess: () => {
          notifySuccess(call ? 'Call logged' : 'Note added');
          onDone();
        },
        onError: (error) =>
          notifyError(
            errorMessage(error, call ? 'Failed to log the call' : 'Failed to add the note'),
            error,
          ),
      },
    );
  };

  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {call ? (
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label="Outcome"
            placeholder="How did it go?"
            data={OUTCOME_OPTIONS}
            value={outcome}
            onChange={(value) => setOutcome(value as CallOutcome | null)}
            error={problem && !outcome ? problem : undefined}
            required
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label="Duration (minutes)"
            min={0}
            max={1440}
            decimalScale={1}
            value={minutes}
            onChange={setMinutes}
            hideControls
          />
        </Group>
      ) : null}
      <Textarea
        label={call ? 'Notes' : 'Note'}
        placeholder={call ? 'What was said, what comes next' : 'Write a note about this lead'}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={NOTE_MAX}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        error={problem && !call ? problem : undefined}
        required={!call}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" size="xs" onClick={onDone} disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="xs" loading={add.isPending}>
          {call ? 'Log call' : 'Save note'}
        </Button>
      </Group>
    </Stack>
  );
};
