import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert, Button, Fieldset, Group, Paper, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ClientData } from '@leadline/shared/clients';
import { BackTitle } from '../../components/back-title.tsx';
import { ApiRequestError, errorMessage } from '../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useCreateClient } from '../../features/clients/api/create-client.ts';
import { useCustomFields } from '../../features/custom-fields/api/custom-fields.ts';
import { CustomFieldInputs } from '../../features/custom-fields/components/custom-field-inputs.tsx';
import { useCustomForm } from '../../features/custom-fields/components/custom-form.ts';
import { ClientFormFields } from '../../features/clients/components/client-form-fields.tsx';
import {
  CLIENT_FORM_FIELDS,
  EMPTY_CLIENT_FORM,
  createClientResolver,
} from '../../features/clients/components/client-form-values.ts';
import type {
  ClientFormValues,
  RegisterClientField,
} from '../../features/clients/components/client-form-values.ts';

export const CLIENT_ADDED = 'Client added successfully!';
export const CLIENT_ADD_FAILED = 'Failed to add client. Please try again.';

/** A 409 (a client with that email exists) says why; anything else gets the fixed text. */
const failureText = (error: unknown): string =>
  error instanceof ApiRequestError && error.status === 409
    ? errorMessage(error, CLIENT_ADD_FAILED)
    : CLIENT_ADD_FAILED;

/** /add-client: 'Add New Client' with the PIC preview; back goes to /all-clients. */
export const AddClientRoute = () => {
  const navigate = useNavigate();
  const createClient = useCreateClient();
  const [failure, setFailure] = useState<string | null>(null);
  const customFields = useCustomFields('client').data ?? [];
  const custom = useCustomForm();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm<ClientFormValues, unknown, ClientData>({
    resolver: createClientResolver,
    defaultValues: EMPTY_CLIENT_FORM,
    reValidateMode: 'onSubmit',
  });
  // An error clears when its field is edited.
  const field: RegisterClientField = (name) =>
    register(name, { onChange: () => clearErrors(name) });

  const submit = handleSubmit(
    (client) => {
      setFailure(null);
      const customValues = custom.check(customFields);
      if (!customValues) {
        setFailure('Please fix the errors below');
        return;
      }
      createClient.mutate(
        { ...client, custom: customValues },
        {
          onSuccess: () => {
            notifySuccess(CLIENT_ADDED);
            void navigate('/all-clients');
          },
          onError: (error) => {
            setFailure(failureText(error));
            applyServerFieldErrors(error, setError, CLIENT_FORM_FIELDS);
            custom.applyServerErrors(error);
          },
        },
      );
    },
    () => {
      custom.check(customFields);
    },
  );

  return (
    <Stack gap="lg" maw={960}>
      <BackTitle
        title="Add New Client"
        description="Fields marked * are required"
        backTo="/all-clients"
        backLabel="Back to clients"
      />
      {failure ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {failure}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <form onSubmit={submit} noValidate aria-label="Add client">
          <Stack gap="md">
            <ClientFormFields
              field={field}
              errors={errors}
              contact={watch('contact')}
              category={watch('companyCategory')}
            />
            {customFields.some((item) => !item.hidden) ? (
              <Fieldset legend="Custom fields" radius="md">
                <CustomFieldInputs
                  fields={customFields}
                  values={custom.values}
                  errors={custom.errors}
                  onChange={custom.onChange}
                  idPrefix="add-client"
                />
              </Fieldset>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                disabled={createClient.isPending}
                onClick={() => {
                  reset(EMPTY_CLIENT_FORM);
                  custom.reset();
                  setFailure(null);
                }}
              >
                Reset
              </Button>
              <Button type="submit" disabled={createClient.isPending}>
                {createClient.isPending ? 'Adding Client...' : 'Add Client'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
};
