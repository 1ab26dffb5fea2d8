import { Navigate, useNavigate } from 'react-router';
import { Button, Stack, Text } from '@mantine/core';
import { landingPath } from '@leadline/shared/permissions';
import { continueToLanding } from './continue-to-landing.ts';
import { setStoredUser, useSession } from '../../lib/session.ts';
import { signOut } from '../../lib/sign-out.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { getMe } from '../../features/profile/api/get-me.ts';
import { SetupFlow } from '../../features/two-factor/components/setup-flow.tsx';

/**
 * /two-factor-setup: the organisation requires two-step sign-in and this member has not set it
 * up; nothing else opens until they have (the server answers 403 to everything else).
 */
export const TwoFactorSetupRoute = () => {
  const { token, user } = useSession();
  const navigate = useNavigate();
  if (!token || !user) return <Navigate to="/login" replace />;
  if (!user.twoFactorSetupRequired) {
    return <Navigate to={landingPath(user.role, user.permissions) ?? '/profile'} replace />;
  }

  const done = async () => {
    const fresh = await getMe();
    setStoredUser(fresh);
    continueToLanding(fresh, 'Two-step sign-in is on', navigate);
  };

  return (
    <AuthLayout subtitle="Set up two-step sign-in">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Your organisation requires two-step sign-in. Set it up now to continue: each sign-in will
          then ask for a code from an authenticator app after your password.
        </Text>
        <SetupFlow onDone={() => void done()} />
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
