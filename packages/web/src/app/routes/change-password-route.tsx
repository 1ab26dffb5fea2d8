import { Navigate, useNavigate } from 'react-router';
import { Button, Stack, Text } from '@mantine/core';
import type { ChangePasswordResponse } from '@leadline/shared/accounts';
import { landingPath } from '@leadline/shared/permissions';
import { ChangePasswordForm } from '../../components/change-password-form.tsx';
import { continueToLanding } from './continue-to-landing.ts';
import { setSession, useSession } from '../../lib/session.ts';
import { signOut } from '../../lib/sign-out.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';

/**
 * /change-password: after signing in with a temporary password (an administrator's reset),
 * nothing else opens until a new password is chosen; the server enforces the same.
 */
export const ChangePasswordRoute = () => {
  const { token, user } = useSession();
  const navigate = useNavigate();
  if (!token || !user) return <Navigate to="/login" replace />;
  if (!user.mustChangePassword) {
    return <Navigate to={landingPath(user.role, user.permissions) ?? '/profile'} replace />;
  }

  const changed = (response: ChangePasswordResponse) => {
    setSession(response.token, response.user);
    continueToLanding(response.user, 'Password changed', navigate);
  };

  return (
    <AuthLayout subtitle="Choose a new password">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          You signed in with a temporary password. Choose a new password of your own before you
          continue; it replaces the temporary one.
        </Text>
        <ChangePasswordForm
          currentLabel="Temporary password"
          submitLabel="Save new password"
          onChanged={changed}
        />
        <Button
          variant="subtle"
          color="gray"
          onClick={() => {
            signOut();
            void navigate('/login', { replace: true });
          }}
        >
          Sign out
        </Button>
      </Stack>
    </AuthLayout>
  );
};
