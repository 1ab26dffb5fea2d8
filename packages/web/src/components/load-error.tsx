import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

type LoadErrorProps = {
  title: string;
  message: string;
  onRetry: () => void;
  /** A retry under way: the button spins. */
  retrying?: boolean;
  /** Further actions beside Try Again. */
  actions?: ReactNode;
  maw?: number | MantineSize;
};

/** A load that failed: what went wrong, and 'Try Again'. */
export const LoadError = ({ title, message, onRetry, retrying, actions, maw }: LoadErrorProps) => (
  <Alert color="red" variant="light" title={title} role="alert" maw={maw}>
    <Stack gap="xs" align="flex-start">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {message}
      </Text>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} />}
          onClick={onRetry}
          loading={retrying ?? false}
        >
          Try Again
        </Button>
        {actions}
      </Group>
    </Stack>
  </Alert>
);
