import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { SAVED_VIEW_NAME_MAX } from '@leadline/shared/saved-views';
import type { SavedView, SavedViewEntity } from '@leadline/shared/saved-views';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateView } from '../api/saved-views.ts';

type Props = {
  entity: SavedViewEntity;
  query: string;
  columns: string[] | null;
  onClose: () => void;
  onSaved: (view: SavedView) => void;
};

/** Names the list as it is (filters, sort, page size, columns), private or shared. */
export const SaveViewModal = ({ entity, query, columns, onClose, onSaved }: Props) => {
  const create = useCreateView();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate({ entity, name, query, columns, shared }, { onSuccess: onSaved });
  };
  return (
    <Modal opened onClose={onClose} title="Save this view">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            description="The filters, sort, page size and columns as they are now"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={SAVED_VIEW_NAME_MAX}
            required
            data-autofocus
          />
          <Checkbox
            label="Share with the team"
            description="Everyone in the organisation who can open this list sees it"
            checked={shared}
            onChange={(event) => setShared(event.currentTarget.checked)}
          />
          {create.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(create.error, 'The view could not be saved. Please try again.')}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Save view
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
