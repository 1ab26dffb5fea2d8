import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format.ts';

export type ComposerStats = { sent: number; lastSent: string | null };

const Counter = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={0} align="center" ta="center">
    <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Text>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
  </Stack>
);

type ComposerStatusProps = { online: boolean; stats?: ComposerStats; words: number };

/** The composer's head: online or offline, then Emails Sent, Last Sent and Words. */
export const ComposerStatus = ({ online, stats, words }: ComposerStatusProps) => (
  <Stack gap="xs">
    <Group justify="flex-end">
      <Badge
        variant="dot"
        color={online ? 'green' : 'red'}
        aria-live="polite"
        data-testid="connection-status"
      >
        {online ? 'Online' : 'Offline'}
      </Badge>
    </Group>
    <Paper withBorder radius="md" p="xs">
      <SimpleGrid cols={stats ? 3 : 1} spacing="xs">
        {stats ? <Counter label="Emails Sent" value={String(stats.sent)} /> : null}
        {stats ? <Counter label="Last Sent" value={formatDateTime(stats.lastSent)} /> : null}
        <Counter label="Words" value={String(words)} />
      </SimpleGrid>
    </Paper>
  </Stack>
);
