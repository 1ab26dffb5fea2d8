import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../lib/api-client.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { finishSso } from '../../features/sso/api/finish.ts';
import { enterSignedIn } from './continue-to-landing.ts';

/**
 * /login/sso?ticket=…: back from the identity provider, the one-time ticket is traded for the
 * session (once: a second try would find it used), then on as after any sign-in.
 */
export const SsoLandingRoute = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const ticket = params.get('ticket') ?? '';
    // The ticket leaves the address bar (and the history) at once.
    window.history.replaceState(null, '', window.location.pathname);
    finishSso(ticket)
      .then((answer) => enterSignedIn(answer, 'Signed in with SSO', navigate))
      .catch((error: unknown) => setFailed(errorMessage(error, 'Single sign-on failed.')));
  }, [params, navigate]);

  return (
    <AuthLayout subtitle="Single sign-on">
      {failed ? (
        <Stack gap="sm">
          <Text role="alert">{failed}</Text>
          <Anchor component={Link} to="/login">
            Back to sign in
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="sm" align="center">
          <Loader size="sm" aria-label="Signing you in" />
          <Text size="sm">Signing you in…</Text>
        </Stack>
      )}
    </AuthLayout>
  );
};
