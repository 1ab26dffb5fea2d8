import { useForm } from 'react-hook-form';
import { useMediaQuery } from '@mantine/hooks';
import type { Client } from '@leadline/shared/clients';
import { useDiscardGuard } from '../../../components/discard-guard.tsx';
import { GuardedModal } from '../../../components/discard-guard-modal.tsx';
import { EditFormShell } from '../../../components/edit-form-shell.tsx';
import { MOBILE_QUERY } from '../../../lib/constants.ts';
import { editSaveCallbacks } from '../../../lib/edit-save.ts';
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

type EditFormProps = { client: Client; onClose: () => void; onCancel: () => void };

const ClientEditForm = ({ client, onClose, onCancel }: EditFormProps) => {
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
      editSaveCallbacks({
        saved: 'Client updated successfully',
        failed: 'Failed to update client',
        onDone: onClose,
        setError,
        fields: CLIENT_FORM_FIELDS,
      }),
    ),
  );

  return (
    <EditFormShell
      label="Edit client"
      onSubmit={submit}
      invalid={Object.keys(errors).length > 0}
      saving={updateClient.isPending}
      pristine={!isDirty}
      onCancel={onCancel}
    >
      <ClientFormFields
        field={field}
        errors={errors}
        contact={watch('contact')}
        category={watch('companyCategory')}
      />
    </EditFormShell>
  );
};

type ClientEditModalProps = { client: Client | null; onClose: () => void };

/** Editing a client (clientUpdateSchema), saved with PUT. */
export const ClientEditModal = ({ client, onClose }: ClientEditModalProps) => {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const guard = useDiscardGuard({ onClose });
  return (
    <GuardedModal
      guard={guard}
      opened={client !== null}
      title={client ? `Edit ${client.companyName}` : 'Edit client'}
      size="xl"
      fullScreen={mobile}
    >
      {client ? (
        <ClientEditForm key={client._id} client={client} onClose={onClose} onCancel={guard.close} />
      ) : null}
    </GuardedModal>
  );
};
