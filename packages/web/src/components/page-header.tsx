import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

type PageHeaderProps = { title: ReactNode; description?: ReactNode; actions?: ReactNode };

export const PageHeader = ({ title, description, actions }: PageHeaderProps) => (
  <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="lg">
    <Stack gap={4}>
      <Title order={2}>{title}</Title>
      {description ? <Text c="dimmed">{description}</Text> : null}
    </Stack>
    {actions ? (
      <Group gap="xs" wrap="wrap">
        {actions}
      </Group>
    ) : null}
  </Group>
);
