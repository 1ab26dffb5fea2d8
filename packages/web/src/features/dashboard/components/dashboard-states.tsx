import {
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { CHART_HEIGHT } from './dashboard-format.ts';

/** The dashboard's shape while it loads, so nothing jumps when the figures arrive. */
export const DashboardSkeleton = () => (
  <Stack gap="lg" aria-busy="true" role="status" aria-label="Loading dashboard">
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {[0, 1, 2].map((key) => (
        <Card key={key} withBorder radius="md" padding="lg">
          <Stack gap={10}>
            <Skeleton h={12} w="40%" />
            <Skeleton h={30} w="55%" />
            <Skeleton h={12} w="70%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {[0, 1].map((key) => (
        <Card key={key} withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Skeleton h={16} w="45%" />
            <Skeleton h={CHART_HEIGHT} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  </Stack>
);

type DashboardErrorProps = { message: string; retrying: boolean; onRetry: () => void };

/** The dashboard's error card with 'Try Again'. */
export const DashboardError = ({ message, retrying, onRetry }: DashboardErrorProps) => (
  <Card withBorder radius="md" padding="xl" maw={560} mx="auto" mt="xl" role="alert">
    <Stack align="center" gap="sm">
      <ThemeIcon size={52} radius="xl" variant="light" color="red" aria-hidden>
        <IconAlertTriangle size={28} />
      </ThemeIcon>
      <Title order={2} size="h3" ta="center">
        Could not load the dashboard
      </Title>
      <Text c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
        {message}
      </Text>
      <Group justify="center">
        <Button
          leftSection={<IconRefresh size={16} />}
          onClick={onRetry}
          loading={retrying}
          color="red"
          variant="light"
        >
          Try Again
        </Button>
      </Group>
    </Stack>
  </Card>
);
