import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

type EmptyStateProps = { icon: ReactNode; title: string; children: ReactNode };

/** A list with nothing in it: an icon, a heading and a line on what would appear. */
export const EmptyState = ({ icon, title, children }: EmptyStateProps) => (
  <Paper withBorder radius="md" p="xl">
    <Stack align="center" gap={6}>
      <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text c="dimmed" ta="center" size="sm">
        {children}
      </Text>
    </Stack>
  </Paper>
);
