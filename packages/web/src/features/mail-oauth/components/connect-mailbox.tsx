import { Alert, Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { MailboxStatusBadge } from '../../../components/mailbox-status-badge.tsx';
import type { MailboxConnection } from '@leadline/shared/mail-oauth';
import { CopyTextButton } from '../../../components/copy-text-button.tsx';
import { confirmDanger } from '../../../components/confirm.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDisconnectMailbox } from '../api/disconnect-mailbox.ts';
import { useOAuthProviders } from '../api/get-oauth-providers.ts';
import { useStartOAuth } from '../api/start-oauth.ts';
import { MAILBOX_PROVIDER_NAMES as PROVIDER_NAMES } from '@leadline/shared/mail-oauth';

type ConnectMailboxProps = {
  /** The mailbox connected with OAuth, null for none (or a password one). */
  connection: MailboxConnection | null;
  /** The mailbox was disconnected: the settings are read again. */
  onChanged: () => void;
};

/**
 * "Connect Google", "Connect Microsoft 365", "Connect <name>" for the providers the operator
 * configured, the redirect URI they registered, and the connected mailbox with Disconnect.
 */
export const ConnectMailbox = ({ connection, onChanged }: ConnectMailboxProps) => {
  const providers = useOAuthProviders();
  const start = useStartOAuth();
  const disconnect = useDisconnectMailbox(onChanged);
  const configured = providers.data?.providers ?? [];
  if (!connection && configured.length === 0) return null;

  const onDisconnect = () =>
    confirmDanger({
      title: 'Disconnect mailbox',
      message: `Disconnect ${connection?.email}? Leadline stops sending and reading mail with it.`,
      confirmLabel: 'Disconnect',
      onConfirm: () =>
        disconnect.mutate(undefined, {
          onSuccess: (answer) => notifySuccess(answer.message),
          onError: (error) => notifyError('Failed to disconnect the mailbox', error),
        }),
    });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="connect-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="connect-title">
          Connect your mailbox
        </Title>
        <Text size="sm" c="dimmed">
          Sign in with your mail provider: no password to type, and it works where passwords are
          switched off (Microsoft 365, Google Workspace).
        </Text>
        {connection ? (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Text fw={600}>{connection.email}</Text>
              <Group gap="xs">
                <Text size="sm">{PROVIDER_NAMES[connection.provider]}</Text>
                <MailboxStatusBadge status={connection.status} />
              </Group>
            </Stack>
            <Button
              variant="light"
              color="red"
              onClick={onDisconnect}
              loading={disconnect.isPending}
            >
              Disconnect
            </Button>
          </Group>
        ) : null}
        {start.isError ? (
          <Alert color="red" variant="light">
            {errorMessage(start.error, 'The sign-in could not be started')}
          </Alert>
        ) : null}
        <Group gap="sm" wrap="wrap">
          {configured.map(({ provider, name }) => (
            <Button
              key={provider}
              variant={connection?.status === 'reconnect' ? 'filled' : 'light'}
              loading={start.isPending && start.variables === provider}
              onClick={() => start.mutate(provider)}
            >
              {connection?.provider === provider ? `Reconnect ${name}` : `Connect ${name}`}
            </Button>
          ))}
        </Group>
        {providers.data ? (
          <Stack gap={4}>
            <Text size="sm" id="redirect-uri-label">
              Redirect URI (registered with the provider by your administrator):
            </Text>
            <Group gap="xs" wrap="wrap">
              <Code aria-labelledby="redirect-uri-label" style={{ wordBreak: 'break-all' }}>
                {providers.data.redirectUri}
              </Code>
              <CopyTextButton value={providers.data.redirectUri} label="Copy redirect URI" />
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
};
