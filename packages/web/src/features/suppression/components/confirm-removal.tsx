import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Suppression } from '@leadline/shared/suppression';

/** Asks before an entry leaves the list; an unsubscribe is removed only after a warning. */
export const confirmRemoval = (entry: Suppression, onConfirm: () => void) =>
  modals.openConfirmModal({
    title: entry.domain ? 'Remove this domain?' : 'Remove this address?',
    centered: true,
    children: (
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.domain
            ? `Every address at ${entry.email.slice(1)} can be emailed again.`
            : `${entry.email} can be emailed again.`}
        </Text>
        {entry.reason === 'unsubscribed' ? (
          <Text size="sm" c="red" fw={600}>
            This person asked not to be mailed (they used an unsubscribe link). Remove it only if
            they asked to hear from you again.
          </Text>
        ) : null}
      </Stack>
    ),
    labels: { confirm: 'Remove', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
