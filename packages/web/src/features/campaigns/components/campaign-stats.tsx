import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { CampaignStats as Stats } from '@leadline/shared/campaigns';

const Stat = ({ label, value }: { label: string; value: number }) => (
  <Paper withBorder radius="md" p="md">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text fw={700} fz={28} lh={1.2}>
      {value.toLocaleString()}
    </Text>
  </Paper>
);

/** Total, Running and Completed (shown to everyone but a Super Admin). */
export const CampaignStats = ({ stats }: { stats: Stats }) => (
  <SimpleGrid cols={3} spacing="sm" aria-label="Campaign statistics">
    <Stat label="Total" value={stats.total} />
    <Stat label="Running" value={stats.running} />
    <Stat label="Completed" value={stats.completed} />
  </SimpleGrid>
);
