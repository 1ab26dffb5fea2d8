import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mantine/core';
import { z } from 'zod';
import { passwordField } from '@leadline/shared/auth';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';

const formSchema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .refine((value) => value.confirmPassword === value.password, {
    path: ['confirmPassword'],
    error: 'The two passwords do not match',
  });
type Values = z.input<typeof formSchema>;
type Output = z.output<typeof formSchema>;

type ResetPasswordFormProps = { token: string; onDone: (message: string) => void };

export const ResetPasswordForm = ({ token, onDone }: ResetPasswordFormProps) => {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: (response) => onDone(response.message),
        onError: (error) => {
          applyServerFieldErrors(error, setError, ['password']);
          notifyError(errorMessage(error, 'Failed to set the new password'));
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password">
      <Stack gap="sm">
        <NewPasswordFields
          password={register('password')}
          passwordError={errors.password?.message}
          confirm={register('confirmPassword')}
          confirmError={errors.confirmPassword?.message}
        />
        <Button type="submit" fullWidth loading={reset.isPending}>
          Set new password
        </Button>
      </Stack>
    </form>
  );
};
