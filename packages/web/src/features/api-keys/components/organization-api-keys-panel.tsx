import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
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
        <ApiKeyList
          query={keys}
          errorText="Could not load the organisation's API keys"
          emptyText="Nobody in the organisation has an API key."
        >
          {(apiKey) => (
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
          )}
        </ApiKeyList>
      </Stack>
    </Paper>
  );
};
