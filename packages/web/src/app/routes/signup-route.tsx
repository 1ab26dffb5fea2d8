import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { SignUpForm } from '../../features/auth/components/sign-up-form.tsx';
import type { SignUpResponse } from '../../features/auth/api/sign-up.ts';

/** /signup: self-registration; the account waits for a Super Admin's approval. */
export const SignupRoute = () => {
  const [registered, setRegistered] = useState<SignUpResponse | null>(null);

  if (registered) {
    return (
      <AuthLayout subtitle="Registration received">
        <Stack gap="md">
          <Alert color="green" variant="light" title="Your account awaits approval">
            <Text size="sm">
              We registered {registered.user.email}. An administrator must approve the account
              before you can sign in; until then, signing in answers that the account is pending
              approval.
            </Text>
          </Alert>
          <Button component={Link} to="/login" fullWidth>
            Go to sign in
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout subtitle="Create your account">
      <SignUpForm onRegistered={setRegistered} />
    </AuthLayout>
  );
};
