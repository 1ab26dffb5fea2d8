import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';

type NotBuiltPageProps = { section: string };

/** An honest placeholder for a section that later work fills. */
export const NotBuiltPage = ({ section }: NotBuiltPageProps) => (
  <Paper withBorder radius="md" p="xl" maw={640}>
    <Stack gap="sm" align="flex-start">
      <ThemeIcon size={44} radius="md" variant="light" color="gray" aria-hidden>
        <IconHammer size={24} />
      </ThemeIcon>
      <Title order={2} size="h3">
        {section} is not built yet
      </Title>
      <Text c="dimmed">
        This part of Leadline has not been built yet. The page exists so that navigation and
        permissions work; its content will arrive in a later release.
      </Text>
    </Stack>
  </Paper>
);
