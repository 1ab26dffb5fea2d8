import { Navigate, useNavigate } from 'react-router';
import { Button, Stack, Text } from '@mantine/core';
import type { ChangePasswordResponse } from '@leadline/shared/accounts';
import { landingPath } from '@leadline/shared/permissions';
import { ChangePasswordForm } from '../../components/change-password-form.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { setSession, useSession } from '../../lib/session.ts';
import { signOut } from '../../lib/sign-out.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { NO_LANDING_MESSAGE } from './login-route.tsx';

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
    const landing = landingPath(response.user.role, response.user.permissions);
    if (!landing) {
      signOut();
      notifyError(NO_LANDING_MESSAGE);
      return;
    }
    notifySuccess('Password changed');
    void navigate(landing, { replace: true });
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
