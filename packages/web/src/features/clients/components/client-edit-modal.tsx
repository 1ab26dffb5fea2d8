import { useForm } from 'react-hook-form';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Client } from '@leadline/shared/clients';
import { errorMessage } from '../../../lib/api-client.ts';
import { MOBILE_QUERY } from '../../../lib/constants.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateClient } from '../api/update-client.ts';
import { ClientFormFields } from './client-form-fields.tsx';
import {
  CLIENT_FORM_FIELDS,
  clientFormValues,
  updateClientResolver,
} from './client-form-values.ts';
import type {
  ClientFormValues,
  ClientUpdateData,
  RegisterClientField,
} from './client-form-values.ts';

type EditFormProps = { client: Client; onClose: () => void };

const ClientEditForm = ({ client, onClose }: EditFormProps) => {
  const updateClient = useUpdateClient();
  const {
    register,
    handleSubmit,
    watch,
    clearErrors,
    setError,
    formState: { errors, isDirty },
  } = useForm<ClientFormValues, unknown, ClientUpdateData>({
    resolver: updateClientResolver,
    defaultValues: clientFormValues(client),
    reValidateMode: 'onSubmit',
  });
  const field: RegisterClientField = (name) =>
    register(name, { onChange: () => clearErrors(name) });

  const submit = handleSubmit((changes) =>
    updateClient.mutate(
      { id: client._id, changes },
      {
        onSuccess: () => {
          notifySuccess('Client updated successfully');
          onClose();
        },
        onError: (error) => {
          notifyError(errorMessage(error, 'Failed to update client'), error);
          applyServerFieldErrors(error, setError, CLIENT_FORM_FIELDS);
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Edit client">
      <Stack gap="md">
        {Object.keys(errors).length > 0 ? (
          <Alert color="red" variant="light" role="alert">
            Please fix the errors below
          </Alert>
        ) : null}
        <ClientFormFields
          field={field}
          errors={errors}
          contact={watch('contact')}
          category={watch('companyCategory')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={updateClient.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={updateClient.isPending} disabled={!isDirty}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

type ClientEditModalProps = { client: Client | null; onClose: () => void };

/** Editing a client (clientUpdateSchema), saved with PUT. */
export const ClientEditModal = ({ client, onClose }: ClientEditModalProps) => {
  const mobile = useMediaQuery(MOBILE_QUERY);
  return (
    <Modal
      opened={client !== null}
      onClose={onClose}
      title={client ? `Edit ${client.companyName}` : 'Edit client'}
      size="xl"
      fullScreen={mobile}
    >
      {client ? <ClientEditForm key={client._id} client={client} onClose={onClose} /> : null}
    </Modal>
  );
};
