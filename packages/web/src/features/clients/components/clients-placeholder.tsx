import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';

type ClientsPlaceholderProps =
  { kind: 'loading' | 'empty' } | { kind: 'error'; onRetry: () => void };

/** What the client table shows instead of rows: loading, nothing found, or a failed load. */
export const ClientsPlaceholder = (props: ClientsPlaceholderProps) => (
  <Center py="xl" px="md" style={{ position: 'sticky', left: 0, maxWidth: '100vw' }}>
    {props.kind === 'loading' ? (
      <Stack gap="xs" align="center">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading clients...</Text>
      </Stack>
    ) : props.kind !== 'error' ? (
      <Stack gap={4} align="center">
        <IconBuildingStore size={32} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text fw={600}>No clients found</Text>
        <Text size="sm" c="dimmed">
          Try adjusting your search or filter criteria
        </Text>
      </Stack>
    ) : (
      <Stack gap="xs" align="center">
        <Text c="dimmed">Failed to load clients</Text>
        <Button size="xs" variant="light" onClick={props.onRetry}>
          Try again
        </Button>
      </Stack>
    )}
  </Center>
);
