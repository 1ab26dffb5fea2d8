import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
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
