import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client.ts';
import { useOrganizationApiKeys } from '../api/get-api-keys.ts';
import { ApiKeyItem, ApiKeyList } from './api-key-item.tsx';

/** /teams (administrators): every API key of the organisation, with its owner; revocable. */
export const OrganizationApiKeysPanel = () => {
  const keys = useOrganizationApiKeys();
  const active = keys.data?.apiKeys.filter((key) => key.status === 'active').length ?? 0;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="API keys">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={3} size="h4">
            API keys
          </Title>
          {keys.data ? (
            <Badge variant="light" color="gray">
              {active} active
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          Keys your team created on their profile pages to call the API. Revoke one that should no
          longer work: a lost laptop, a script nobody maintains.
        </Text>
        {keys.isPending ? <Loader size="sm" aria-label="Loading API keys" /> : null}
        {keys.isError ? (
          <Group gap="xs">
            <Text size="sm" c="red">
              {errorMessage(keys.error, "Could not load the organisation's API keys")}
            </Text>
            <Button size="xs" variant="subtle" onClick={() => void keys.refetch()}>
              Try again
            </Button>
          </Group>
        ) : null}
        {keys.data && keys.data.apiKeys.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody in the organisation has an API key.
          </Text>
        ) : null}
        {keys.data && keys.data.apiKeys.length > 0 ? (
          <ApiKeyList>
            {keys.data.apiKeys.map((apiKey) => (
              <ApiKeyItem
                key={apiKey._id}
                apiKey={apiKey}
                whose={`${apiKey.owner.name}'s`}
                owner={
                  <Text size="xs">
                    {apiKey.owner.name}{' '}
                    <Text span size="xs" c="dimmed">
                      ({apiKey.owner.email})
                    </Text>
                  </Text>
                }
              />
            ))}
          </ApiKeyList>
        ) : null}
      </Stack>
    </Paper>
  );
};
