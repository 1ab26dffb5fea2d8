import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { firstAdminSchema } from '@leadline/shared/auth';
import type { SigninResponse } from '@leadline/shared/auth';
import { CredentialFields } from './credential-fields.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useCreateFirstAdmin } from '../api/create-first-admin.ts';

type FirstAdminValues = z.input<typeof firstAdminSchema>;
type FirstAdminOutput = z.output<typeof firstAdminSchema>;

type FirstAdminFormProps = { onCreated: (response: SigninResponse) => void };

/** One-time form shown on /login while no Super Admin exists: the company and its Super Admin. */
export const FirstAdminForm = ({ onCreated }: FirstAdminFormProps) => {
  const createAdmin = useCreateFirstAdmin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FirstAdminValues, unknown, FirstAdminOutput>({
    resolver: zodResolver(firstAdminSchema),
    defaultValues: { organizationName: '', name: '', email: '', password: '' },
  });

  const submit = handleSubmit((values) => {
    createAdmin.mutate(values, {
      onSuccess: onCreated,
      onError: (error) => {
        notifyError(errorMessage(error, 'Failed to create the administrator'));
        applyServerFieldErrors(error, setError, ['organizationName', 'name', 'email', 'password']);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Create the first administrator">
      <Stack gap="sm">
        <Alert color="blue" variant="light">
          Welcome to Leadline. Name your company and create the first Super Admin account; this form
          disappears once it exists.
        </Alert>
        <TextInput
          label="Company name"
          description="Your organisation in Leadline; you can add teammates to it later"
          autoComplete="organization"
          required
          error={errors.organizationName?.message}
          {...register('organizationName')}
        />
        <CredentialFields
          name={register('name')}
          email={register('email')}
          password={register('password')}
          errors={errors}
          emailAutoComplete="username"
          newPassword
        />
        <Button type="submit" fullWidth loading={createAdmin.isPending} mt="xs">
          Create administrator
        </Button>
      </Stack>
    </form>
  );
};
