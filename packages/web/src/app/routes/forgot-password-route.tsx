import { Alert, Loader, Center, Stack } from '@mantine/core';
import { useAuthOptions } from '../../features/auth/api/get-auth-options.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { BackToSignIn } from '../../features/auth/components/back-to-sign-in.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';

export const ASK_ADMIN_MESSAGE =
  'Password reset by email is not set up on this server. Ask an administrator of your organisation to reset your password: you will get a temporary password to sign in with, and choose a new one right after.';

/** /forgot-password: a reset link by email when the server has a system mailbox. */
export const ForgotPasswordRoute = () => {
  const options = useAuthOptions();
  return (
    <AuthLayout subtitle="Reset your password">
      <Stack gap="md">
        {options.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label="Loading" />
          </Center>
        ) : options.data?.passwordResetByEmail ? (
          <ForgotPasswordForm />
        ) : (
          <Alert color="blue" title="Ask an administrator">
            {ASK_ADMIN_MESSAGE}
          </Alert>
        )}
        <BackToSignIn />
      </Stack>
    </AuthLayout>
  );
};
