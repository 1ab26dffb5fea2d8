import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';

/** Shown when a screen fails to load (for example a chunk missing after an upgrade). */
export const RouteError = () => {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder radius="md" p="xl" maw={520}>
        <Stack gap="sm">
          <Title order={1} size="h3">
            Something went wrong
          </Title>
          <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Text>
          <Button onClick={() => window.location.reload()} w="fit-content">
            Reload the page
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
};

export const FullPageLoader = () => (
  <Center mih="100dvh">
    <Text c="dimmed" size="sm">
      Loading…
    </Text>
  </Center>
);
