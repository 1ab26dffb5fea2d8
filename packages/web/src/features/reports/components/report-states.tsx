import { Alert, Button, Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { CHART_HEIGHT } from './report-format.ts';

/** The report's shape while it loads. */
export const ReportSkeleton = () => (
  <Stack gap="md" aria-busy="true" role="status" aria-label="Loading report">
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      {[0, 1, 2, 3].map((key) => (
        <Card key={key} withBorder radius="md" padding="md">
          <Skeleton h={12} w="50%" mb={10} />
          <Skeleton h={26} w="40%" />
        </Card>
      ))}
    </SimpleGrid>
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {[0, 1].map((key) => (
        <Card key={key} withBorder radius="md" padding="lg">
          <Skeleton h={16} w="40%" mb="md" />
          <Skeleton h={CHART_HEIGHT} />
        </Card>
      ))}
    </SimpleGrid>
  </Stack>
);

type ReportErrorProps = { message: string; retrying: boolean; onRetry: () => void };

export const ReportError = ({ message, retrying, onRetry }: ReportErrorProps) => (
  <Alert color="red" variant="light" title="Could not load the report" role="alert">
    <Stack gap="xs" align="flex-start">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {message}
      </Text>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconRefresh size={14} />}
        onClick={onRetry}
        loading={retrying}
      >
        Try Again
      </Button>
    </Stack>
  </Alert>
);
