import { Link } from 'react-router';
import { Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox, IconMailCog } from '@tabler/icons-react';
import { INBOX_EMPTY, INBOX_LOADING } from '@leadline/shared/inbox';

/** While the inbox loads: 'Loading inbox...' */
export const InboxLoading = () => (
  <Group justify="center" gap="sm" py="xl" role="status">
    <Loader size="sm" aria-hidden />
    <Text c="dimmed">{INBOX_LOADING}</Text>
  </Group>
);

/** An empty inbox: 'No emails found.' */
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

/** The way to the mail settings, beside Try Again when the problem may lie there. */
export const MailSettingsLink = () => (
  <Button
    size="xs"
    variant="default"
    component={Link}
    to="/email/config"
    leftSection={<IconMailCog size={14} />}
  >
    Mail settings
  </Button>
);
