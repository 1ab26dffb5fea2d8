import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { SignUpForm } from '../../features/auth/components/sign-up-form.tsx';

/** /signup: self-registration; the account waits for a Super Admin's approval. */
export const SignupRoute = () => {
  const [registered, setRegistered] = useState<string | null>(null);

  if (registered) {
    return (
      <AuthLayout subtitle="Registration received">
        <Stack gap="md">
          <Alert color="green" variant="light" title="Registration received">
            <Text size="sm">
              If {registered} can be registered, its account now awaits an administrator&apos;s
              approval: you can sign in once it is approved (until then, signing in answers that the
              account is pending approval).
            </Text>
            <Text size="sm" mt="xs">
              If {registered} already has an account, we have emailed its owner instead: sign in, or
              reset the password from the sign-in page.
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
