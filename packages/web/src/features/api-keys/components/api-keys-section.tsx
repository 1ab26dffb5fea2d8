import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { API_KEY_REQUESTS_PER_MINUTE, apiKeyCreateSchema } from '@leadline/shared/api-keys';
import type { ApiKeyCreated } from '@leadline/shared/api-keys';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { dateInputToIso, tomorrowInputValue } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useCreateApiKey } from '../api/change-api-keys.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { ApiKeyItem, ApiKeyList } from './api-key-item.tsx';
import { NewKeyModal } from './new-key-modal.tsx';
import { showNewKey, useNewKey } from './new-key-store.ts';

/** The form: a name, and an optional last day (a date input's `YYYY-MM-DD`). */
const formSchema = z.object({ name: apiKeyCreateSchema.shape.name, expiresAt: z.string() });
type FormValues = z.input<typeof formSchema>;
const FIELDS = ['name', 'expiresAt'] as const;

const CreateKeyForm = ({ onCreated }: { onCreated: (created: ApiKeyCreated) => void }) => {
  const create = useCreateApiKey();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', expiresAt: '' },
  });
  const submit = handleSubmit(({ name, expiresAt }) =>
    create.mutate(
      { name, ...(expiresAt ? { expiresAt: dateInputToIso(expiresAt) } : {}) },
      {
        onSuccess: (created) => {
          reset();
          onCreated(created);
        },
        onError: (error) => {
          applyServerFieldErrors(error, setError, FIELDS);
          notifyError(errorMessage(error, 'Could not create the key'), error);
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Create an API key">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Key name"
          placeholder="e.g. Spreadsheet sync"
          error={errors.name?.message}
          style={{ flex: '2 1 200px' }}
          {...register('name')}
        />
        <TextInput
          label="Expires after (optional)"
          type="date"
          min={tomorrowInputValue()}
          error={errors.expiresAt?.message}
          style={{ flex: '1 1 160px' }}
          {...register('expiresAt')}
        />
        <Button
          type="submit"
          mt={{ base: 0, xs: 25 }}
          loading={create.isPending}
          leftSection={<IconKey size={16} />}
        >
          Create key
        </Button>
      </Group>
    </form>
  );
};

/** /profile: the user's personal API keys (create, see once, list, revoke). */
export const ApiKeysSection = () => {
  const keys = useApiKeys();
  const created = useNewKey();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Scripts and other tools (a spreadsheet, a data warehouse) can call the Leadline API with a
        key, as you and with your permissions. Each key may make {API_KEY_REQUESTS_PER_MINUTE}{' '}
        requests a minute. Revoke a key you no longer use.
      </Text>
      <CreateKeyForm onCreated={showNewKey} />
      <ApiKeyList
        query={keys}
        errorText="Could not load your API keys"
        emptyText="You have no API keys yet."
      >
        {(apiKey) => <ApiKeyItem key={apiKey._id} apiKey={apiKey} whose="your" />}
      </ApiKeyList>
      <NewKeyModal created={created} onClose={() => showNewKey(null)} />
    </Stack>
  );
};
