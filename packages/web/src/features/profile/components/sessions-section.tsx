import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { describeUserAgent } from '@leadline/shared/accounts';
import type { SessionInfo } from '@leadline/shared/accounts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSessions } from '../api/get-sessions.ts';

const SessionRow = ({ session }: { session: SessionInfo }) => {
  const end = useEndSession();
  const device = describeUserAgent(session.userAgent);
  const signOut = () =>
    end.mutate(session._id, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: (error) => notifyError(errorMessage(error, 'Could not sign out that device'), error),
    });
  return (
    <Paper withBorder radius="sm" p="sm" component="li" aria-label={device}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={500} size="sm">
              {device}
            </Text>
            {session.current && (
              <Badge size="sm" variant="light">
                This browser
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Signed in {formatDateTime(session.createdAt)}
            {session.address ? ` from ${session.address}` : ''}
          </Text>
        </Stack>
        {!session.current && (
          <Button size="xs" variant="default" color="red" loading={end.isPending} onClick={signOut}>
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  );
};

/** Where the account is signed in, with a way to end any other session. */
export const SessionsSection = () => {
  const sessions = useSessions();
  return (
    <Stack gap="xs">
      <Text fw={600}>Where you are signed in</Text>
      <Text size="sm" c="dimmed">
        Sign out a device you do not recognise, or one you no longer use.
      </Text>
      {sessions.isPending && <Loader size="sm" aria-label="Loading sessions" />}
      {sessions.isError && (
        <Text size="sm" c="red">
          {errorMessage(sessions.error, 'Could not load your sessions')}
        </Text>
      )}
      {sessions.data && (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {sessions.data.sessions.map((session) => (
            <SessionRow key={session._id} session={session} />
          ))}
        </Stack>
      )}
    </Stack>
  );
};
