import { Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { SCHEDULING_CONFLICT, conflictWarning } from '@leadline/shared/calendar';
import type { MeetingConflict } from '@leadline/shared/calendar';

type ConflictWarningProps = {
  conflicts: readonly MeetingConflict[];
  /** The form was sent: ask whether to proceed. */
  asking: boolean;
  saving: boolean;
  onProceed: () => void;
  onChangeTime: () => void;
};

/**
 * Under the time fields: which meeting the times clash with ('Overlaps “Quarterly review”
 * (10:00–11:00) and 2 more'), and, once the form is sent, whether to go on. Only a warning:
 * the meeting can still be saved.
 */
export const ConflictWarning = ({
  conflicts,
  asking,
  saving,
  onProceed,
  onChangeTime,
}: ConflictWarningProps) => {
  const warning = conflictWarning(conflicts);
  if (!warning) return null;
  return (
    <Stack gap={6} data-testid="meeting-conflict" role={asking ? 'alert' : 'status'}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Text c="orange" component="span" style={{ display: 'inline-flex', paddingTop: 1 }}>
          <IconAlertTriangle size={16} aria-hidden />
        </Text>
        <Text size="sm" c="var(--mantine-color-yellow-light-color)" fw={500}>
          {warning}
        </Text>
      </Group>
      {asking ? (
        <>
          <Text size="sm">{SCHEDULING_CONFLICT}</Text>
          <Group gap="xs">
            <Button size="xs" color="yellow" onClick={onProceed} loading={saving}>
              Proceed anyway
            </Button>
            <Button size="xs" variant="default" onClick={onChangeTime}>
              Change time
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
};
