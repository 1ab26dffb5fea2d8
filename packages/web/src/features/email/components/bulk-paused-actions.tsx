import { Alert, Button, Group, Stack } from '@mantine/core';

type BulkPausedActionsProps = {
  /** Why the run paused itself (too many bounces). */
  message: string | undefined;
  resuming: boolean;
  stopping: boolean;
  onResume: () => void;
  onStop: () => void;
  onLeave: () => void;
};

/** A run that paused itself: why, and Resume (it goes on where it paused) or Stop. */
export const BulkPausedActions = ({
  message,
  resuming,
  stopping,
  onResume,
  onStop,
  onLeave,
}: BulkPausedActionsProps) => (
  <Stack gap="sm" w="100%">
    <Alert color="yellow" variant="light" role="status" ta="left" data-testid="bulk-paused">
      Paused: {message ?? 'sending has paused.'}
    </Alert>
    <Group gap="sm" justify="center">
      <Button onClick={onResume} loading={resuming} disabled={stopping}>
        Resume
      </Button>
      <Button color="red" variant="light" onClick={onStop} loading={stopping} disabled={resuming}>
        Stop sending
      </Button>
    </Group>
    <Group justify="center">
      <Button variant="subtle" size="compact-sm" onClick={onLeave}>
        Back to Leads
      </Button>
    </Group>
  </Stack>
);
