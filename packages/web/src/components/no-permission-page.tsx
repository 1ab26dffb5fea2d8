import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

export const NO_PERMISSION_MESSAGE = 'You do not have permission to view this page.';

export const NoPermissionPage = () => (
  <Paper withBorder radius="md" p="xl" maw={640}>
    <Stack gap="sm" align="flex-start">
      <ThemeIcon size={44} radius="md" variant="light" color="red" aria-hidden>
        <IconLock size={24} />
      </ThemeIcon>
      <Title order={2} size="h3">
        Access denied
      </Title>
      <Text>{NO_PERMISSION_MESSAGE}</Text>
      <Text c="dimmed" size="sm">
        Ask an administrator of your organisation if you need access.
      </Text>
    </Stack>
  </Paper>
);
