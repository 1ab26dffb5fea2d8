import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { z } from 'zod';
import { changePasswordSchema } from '@leadline/shared/accounts';
import type { ChangePasswordResponse } from '@leadline/shared/accounts';
import { errorMessage } from '../lib/api-client.ts';
import { useChangePassword } from '../lib/change-password.ts';
import { applyServerFieldErrors } from '../lib/form-errors.ts';
import { notifyError } from '../lib/notify.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

const formSchema = changePasswordSchema
  .and(z.object({ confirmPassword: z.string() }))
  .refine((value) => value.confirmPassword === value.newPassword, {
    path: ['confirmPassword'],
    error: 'The two new passwords do not match',
  });
type Values = z.input<typeof formSchema>;
type Output = z.output<typeof formSchema>;

type ChangePasswordFormProps = {
  /** How the current password is named: "Temporary password" on the forced change. */
  currentLabel?: string;
  submitLabel?: string;
  /** The new token and user: the caller stores them (every other session has ended). */
  onChanged: (response: ChangePasswordResponse) => void;
};

/** Current password, new password twice; the server checks the current one. */
export const ChangePasswordForm = ({
  currentLabel = 'Current password',
  submitLabel = 'Change password',
  onChanged,
}: ChangePasswordFormProps) => {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const submit = handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (response) => {
          reset();
          onChanged(response);
        },
        onError: (error) => {
          applyServerFieldErrors(error, setError, ['currentPassword', 'newPassword']);
          notifyError(errorMessage(error, 'Failed to change the password'), error);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="sm" maw={420}>
        <PasswordInput
          label={currentLabel}
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <NewPasswordFields
          password={register('newPassword')}
          passwordError={errors.newPassword?.message}
          confirm={register('confirmPassword')}
          confirmError={errors.confirmPassword?.message}
        />
        <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
};
