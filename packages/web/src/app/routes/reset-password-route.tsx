import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Stack } from '@mantine/core';
import { INVALID_RESET_LINK, RESET_TOKEN_PATTERN } from '@leadline/shared/accounts';
import { notifySuccess } from '../../lib/notify.ts';
import { clearSession } from '../../lib/session.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { BackToSignIn } from '../../features/auth/components/back-to-sign-in.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';

/**
 * /reset-password#token=…: the page a reset link opens (the token in the fragment never reaches
 * a server log or a Referer; links of the older form ?token=… still work). Every session ends
 * on success.
 */
export const ResetPasswordRoute = () => {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const token = new URLSearchParams(hash.slice(1)).get('token') ?? params.get('token') ?? '';
  const valid = RESET_TOKEN_PATTERN.test(token);

  const done = (message: string) => {
    clearSession();
    notifySuccess(message);
    void navigate('/login', { replace: true });
  };

  return (
    <AuthLayout subtitle="Choose a new password">
      <Stack gap="md">
        {valid ? (
          <ResetPasswordForm token={token} onDone={done} />
        ) : (
          <Alert color="red" title="This link does not work">
            {INVALID_RESET_LINK}{' '}
            <Anchor component={Link} to="/forgot-password" c="inherit" underline="always">
              Ask for a new link
            </Anchor>
          </Alert>
        )}
        <BackToSignIn />
      </Stack>
    </AuthLayout>
  );
};
