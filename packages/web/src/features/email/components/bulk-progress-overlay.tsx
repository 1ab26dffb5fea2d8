import {
  Button,
  Group,
  Loader,
  Overlay,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlayerPause } from '@tabler/icons-react';
import type { BulkEmailJob } from '@leadline/shared/email';
import { BULK_DONE } from './bulk-outcome.ts';
import type { BulkOutcome } from './bulk-outcome.ts';
import { BulkPausedActions } from './bulk-paused-actions.tsx';

/** 'paused': the run paused itself (too many bounces) and waits for Resume or Stop. */
export type BulkPhase = 'starting' | 'progress' | 'paused' | 'completing' | 'summary';

type BulkProgressOverlayProps = {
  job: BulkEmailJob | null;
  phase: BulkPhase;
  outcome: BulkOutcome | null;
  stopping: boolean;
  onStop: () => void;
  resuming: boolean;
  onResume: () => void;
  onLeave: () => void;
  /** Closes the overlay after a run that sent nothing, to try again. */
  onClose: () => void;
};

/**
 * The full-screen overlay of a bulk run: 'n/total emails sent', 'In Progress...' or
 * 'Completing...', then the summary; 'Paused: <why>' with Resume and Stop when the run paused
 * itself. The run is the server's: leaving does not stop it.
 */
export const BulkProgressOverlay = ({
  job,
  phase,
  outcome,
  stopping,
  onStop,
  resuming,
  onResume,
  onLeave,
  onClose,
}: BulkProgressOverlayProps) => {
  const total = job?.total ?? 0;
  const sent = job?.sent ?? 0;
  const percent = total > 0 ? Math.round(((job?.processed ?? 0) / total) * 100) : 0;
  const running = phase === 'starting' || phase === 'progress';
  const paused = phase === 'paused';
  const others = [
    job?.failed ? `${job.failed} failed` : '',
    job?.unconfirmed ? `${job.unconfirmed} not confirmed` : '',
    job?.skipped ? `${job.skipped} skipped` : '',
  ].filter(Boolean);
  return (
    <Overlay fixed center zIndex={400} backgroundOpacity={0.6} blur={2}>
      <Paper
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        w="min(460px, calc(100vw - 32px))"
        shadow="xl"
        role="dialog"
        aria-modal="true"
        aria-label="Bulk email progress"
      >
        <Stack align="center" gap="sm" ta="center">
          {phase === 'summary' && outcome ? (
            <ThemeIcon
              size={52}
              radius="xl"
              variant="light"
              color={outcome.ok ? 'green' : 'red'}
              aria-hidden
            >
              {outcome.ok ? <IconCircleCheck size={30} /> : <IconAlertTriangle size={30} />}
            </ThemeIcon>
          ) : paused ? (
            <ThemeIcon size={52} radius="xl" variant="light" color="yellow" aria-hidden>
              <IconPlayerPause size={30} />
            </ThemeIcon>
          ) : (
            <Loader size="lg" aria-hidden />
          )}
          <Title order={3} size="h4">
            {paused ? 'Bulk Email Paused' : 'Sending Bulk Emails'}
          </Title>
          <Text fz={28} fw={700} aria-live="polite" data-testid="bulk-progress">
            {sent}/{total} emails sent
          </Text>
          <Progress
            w="100%"
            size="lg"
            value={phase === 'starting' ? 100 : percent}
            color={paused ? 'yellow' : undefined}
            striped={running}
            animated={running}
            aria-label="Bulk email progress"
          />
          {others.length > 0 ? (
            <Text size="sm" c="dimmed">
              {others.join(' · ')}
            </Text>
          ) : null}
          {phase === 'summary' && outcome ? (
            <Stack gap={4} role="status">
              <Text fw={600} c={outcome.ok ? undefined : 'red'}>
                {outcome.summary}
              </Text>
              {outcome.notes.map((note) => (
                <Text key={note} size="sm" c="dimmed">
                  {note}
                </Text>
              ))}
              {outcome.ok ? <Text size="sm">{BULK_DONE}</Text> : null}
            </Stack>
          ) : paused ? (
            <BulkPausedActions
              message={job?.message}
              resuming={resuming}
              stopping={stopping}
              onResume={onResume}
              onStop={onStop}
              onLeave={onLeave}
            />
          ) : (
            <Text fw={500} role="status">
              {phase === 'completing' ? 'Completing...' : 'In Progress...'}
            </Text>
          )}
          {running ? (
            <>
              <Text size="xs" c="dimmed">
                Sending runs on the server: you can leave this page and come back later.
              </Text>
              <Group gap="sm" justify="center">
                <Button variant="default" onClick={onLeave}>
                  Back to Leads
                </Button>
                <Button
                  color="red"
                  variant="light"
                  onClick={onStop}
                  loading={stopping}
                  disabled={!job}
                >
                  Stop sending
                </Button>
              </Group>
            </>
          ) : null}
          {phase === 'summary' && outcome && !outcome.ok ? (
            <Group gap="sm" justify="center">
              <Button variant="default" onClick={onLeave}>
                Back to Leads
              </Button>
              <Button onClick={onClose}>Close</Button>
            </Group>
          ) : null}
        </Stack>
      </Paper>
    </Overlay>
  );
};
