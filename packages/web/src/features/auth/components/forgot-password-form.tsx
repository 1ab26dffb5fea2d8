import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { forgotPasswordSchema } from '@leadline/shared/accounts';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useForgotPassword } from '../api/forgot-password.ts';

type Values = z.input<typeof forgotPasswordSchema>;
type Output = z.output<typeof forgotPasswordSchema>;

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export const ForgotPasswordForm = () => {
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  if (forgot.data) {
    return (
      <Alert color="green" title="Check your email" role="status">
        {forgot.data.message}
      </Alert>
    );
  }

  const submit = handleSubmit((values) =>
    forgot.mutate(values, {
      onError: (error) => notifyError(errorMessage(error, 'Failed to send the reset link')),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Forgot password">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Enter the email address you sign in with. We will email you a link to choose a new
          password; it works once, within an hour.
        </Text>
        <TextInput
          label="Email address"
          type="email"
          autoComplete="username"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" fullWidth loading={forgot.isPending}>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
};
