import { Link } from 'react-router';
import { Alert, Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox, IconMailCog, IconRefresh } from '@tabler/icons-react';
import { INBOX_EMPTY, INBOX_LOADING } from '@leadline/shared/inbox';

/** Seed 2 §Inbox: 'Loading inbox...' */
export const InboxLoading = () => (
  <Group justify="center" gap="sm" py="xl" role="status">
    <Loader size="sm" aria-hidden />
    <Text c="dimmed">{INBOX_LOADING}</Text>
  </Group>
);

/** Seed 2 §Inbox: 'No emails found.' */
export const InboxEmpty = () => (
  <Stack align="center" gap={6} py="xl" px="md">
    <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
      <IconInbox size={26} />
    </ThemeIcon>
    <Text fw={600}>{INBOX_EMPTY}</Text>
    <Text size="sm" c="dimmed" ta="center">
      Emails that arrive in your mailbox’s inbox are listed here, newest first.
    </Text>
  </Stack>
);

type LoadErrorProps = {
  title: string;
  message: string;
  retrying: boolean;
  onRetry: () => void;
  /** Offer the mail settings (the user may open them and the problem lies there). */
  settingsLink?: boolean;
};

/** A failed load with its reason, Try Again, and the way to the mail settings. */
export const LoadError = ({ title, message, retrying, onRetry, settingsLink }: LoadErrorProps) => (
  <Alert color="red" variant="light" title={title} role="alert">
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
          loading={retrying}
        >
          Try Again
        </Button>
        {settingsLink ? (
          <Button
            size="xs"
            variant="default"
            component={Link}
            to="/email/config"
            leftSection={<IconMailCog size={14} />}
          >
            Mail settings
          </Button>
        ) : null}
      </Group>
    </Stack>
  </Alert>
);
