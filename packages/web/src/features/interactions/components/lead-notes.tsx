import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconNote, IconPhoneCall } from '@tabler/icons-react';
import { CALL_OUTCOME_LABELS, formatDuration } from '@leadline/shared/interactions';
import type { CallOutcome, LeadNote } from '@leadline/shared/interactions';
import { formatDateTime } from '../../../lib/format.ts';
import { useLeadNotes } from '../api/lead-notes.ts';
import { NoteForm } from './note-form.tsx';

const OUTCOME_COLORS: Record<CallOutcome, string> = {
  connected: 'green',
  voicemail: 'blue',
  'no answer': 'gray',
  'wrong number': 'red',
};

const NoteEntry = ({ note }: { note: LeadNote }) => {
  const call = note.kind === 'call';
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap" component="li">
      <ThemeIcon variant="light" radius="xl" size="md" color={call ? 'teal' : 'yellow'} aria-hidden>
        {call ? <IconPhoneCall size={14} /> : <IconNote size={14} />}
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600}>
            {call ? 'Call' : 'Note'}
          </Text>
          {note.outcome ? (
            <Badge size="xs" variant="light" color={OUTCOME_COLORS[note.outcome]}>
              {CALL_OUTCOME_LABELS[note.outcome]}
            </Badge>
          ) : null}
          {note.durationSeconds ? (
            <Text size="xs" c="dimmed">
              {formatDuration(note.durationSeconds)}
            </Text>
          ) : null}
        </Group>
        {note.body ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.body}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {note.author?.name || 'Removed user'} · {formatDateTime(note.createdAt)}
        </Text>
      </Stack>
    </Group>
  );
};

/** The drawer's calls and notes: log a call, add a note, and what was logged, newest first. */
export const LeadNotes = ({ leadId }: { leadId: string }) => {
  const notes = useLeadNotes(leadId);
  const [adding, setAdding] = useState<'note' | 'call' | null>(null);
  return (
    <Stack gap="sm">
      {adding ? (
        <NoteForm leadId={leadId} kind={adding} onDone={() => setAdding(null)} />
      ) : (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPhoneCall size={14} />}
            onClick={() => setAdding('call')}
          >
            Log call
          </Button>
          <Button
            size="xs"
            variant="light"
            color="yellow"
            leftSection={<IconNote size={14} />}
            onClick={() => setAdding('note')}
          >
            Add note
          </Button>
        </Group>
      )}
      {notes.isPending ? (
        <Loader size="sm" aria-label="Loading calls and notes" />
      ) : notes.isError ? (
        <Alert color="red" variant="light">
          Failed to load calls and notes.
        </Alert>
      ) : notes.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No calls or notes yet
        </Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Calls and notes"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {notes.data.map((note) => (
            <NoteEntry key={note._id} note={note} />
          ))}
        </Stack>
      )}
    </Stack>
  );
};
