import type { ReactNode } from 'react';
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconDownload } from '@tabler/icons-react';

type ReportPanelProps = {
  title: string;
  description: string;
  /** Downloads the figures behind the chart. */
  onDownload: () => void;
  downloading: boolean;
  /** The text shown instead of the chart when the period holds nothing. */
  empty: string | null;
  children: ReactNode;
};

/** One chart of the report with its CSV download, or an honest empty state. */
export const ReportPanel = ({
  title,
  description,
  onDownload,
  downloading,
  empty,
  children,
}: ReportPanelProps) => (
  <Card withBorder radius="md" padding="lg" component="section" aria-label={title} h="100%">
    <Stack gap="md" h="100%">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          onClick={onDownload}
          loading={downloading}
          aria-label={`Download CSV: ${title}`}
        >
          CSV
        </Button>
      </Group>
      {empty ? (
        <Stack align="center" justify="center" gap={6} py="xl" style={{ flex: 1 }}>
          <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
            <IconChartBar size={24} />
          </ThemeIcon>
          <Text size="sm" c="dimmed" ta="center" maw={320}>
            {empty}
          </Text>
        </Stack>
      ) : (
        children
      )}
    </Stack>
  </Card>
);
