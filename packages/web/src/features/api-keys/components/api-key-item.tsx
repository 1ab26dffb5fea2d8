import type { ReactNode } from 'react';
import { Badge, Button, Code, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { API_KEY_STATUS_LABELS } from '@leadline/shared/api-keys';
import type { ApiKey, ApiKeyStatus } from '@leadline/shared/api-keys';
import { confirmDanger } from '../../../components/confirm.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRevokeApiKey } from '../api/change-api-keys.ts';

const STATUS_COLORS: Record<ApiKeyStatus, string> = {
  active: 'green',
  expired: 'gray',
  revoked: 'red',
};

type ApiKeyItemProps = {
  apiKey: ApiKey;
  /** Whose key it is, when the list shows several people's (the Teams panel). */
  owner?: ReactNode;
  /** How the confirmation names the key's owner ("your" or theirs). */
  whose: string;
};

/** One key of a list: name, prefix, dates, status, and Revoke while it works. */
export const ApiKeyItem = ({ apiKey, owner, whose }: ApiKeyItemProps) => {
  const revoke = useRevokeApiKey();
  const confirmRevoke = () =>
    confirmDanger({
      title: 'Revoke API key',
      message: `Revoke ${whose} API key "${apiKey.name}" (${apiKey.prefix}…)? Every script or tool that uses it stops working at once. This cannot be undone.`,
      confirmLabel: 'Revoke key',
      onConfirm: () =>
        revoke.mutate(apiKey._id, {
          onSuccess: () => notifySuccess(`API key "${apiKey.name}" revoked`),
          onError: (error) => notifyError(errorMessage(error, 'Could not revoke the key'), error),
        }),
    });
  return (
    <Paper withBorder radius="sm" p="sm" component="li" aria-label={`API key ${apiKey.name}`}>
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {apiKey.name}
            </Text>
            <Badge size="sm" variant="light" color={STATUS_COLORS[apiKey.status]}>
              {API_KEY_STATUS_LABELS[apiKey.status]}
            </Badge>
          </Group>
          {owner}
          <Group gap={4} style={{ columnGap: 12 }}>
            <Code fz="xs">{apiKey.prefix}…</Code>
            <Text size="xs" c="dimmed">
              Created {formatDate(apiKey.createdAt)}
            </Text>
            <Text size="xs" c="dimmed">
              Last used {formatDateTime(apiKey.lastUsedAt)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {apiKey.revokedAt
              ? `Revoked ${formatDateTime(apiKey.revokedAt)}`
              : apiKey.expiresAt
                ? `${apiKey.status === 'expired' ? 'Expired' : 'Expires'} ${formatDateTime(apiKey.expiresAt)}`
                : 'Never expires'}
          </Text>
        </Stack>
        {apiKey.status === 'active' ? (
          <Button
            size="xs"
            variant="default"
            color="red"
            loading={revoke.isPending}
            onClick={confirmRevoke}
          >
            Revoke
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
};

type ApiKeyListProps<K extends ApiKey> = {
  /** The keys' query (loading, failed, or its keys). */
  query: UseQueryResult<{ apiKeys: K[] }>;
  errorText: string;
  emptyText: string;
  children: (apiKey: K) => ReactNode;
};

/** A list of keys, without bullets, with its loading, error and empty states. */
export const ApiKeyList = <K extends ApiKey>({
  query,
  errorText,
  emptyText,
  children,
}: ApiKeyListProps<K>) => {
  if (query.isPending) return <Loader size="sm" aria-label="Loading API keys" />;
  if (query.isError) {
    return (
      <Group gap="xs">
        <Text size="sm" c="red">
          {errorMessage(query.error, errorText)}
        </Text>
        <Button size="xs" variant="subtle" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Group>
    );
  }
  if (query.data.apiKeys.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {query.data.apiKeys.map(children)}
    </Stack>
  );
};
