import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SigninResponse } from '@leadline/shared/auth';
import { landingPath } from '@leadline/shared/permissions';
import { clearSession, setSession } from '../../lib/session.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSetupStatus } from '../../features/auth/api/get-setup-status.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { FirstAdminForm } from '../../features/auth/components/first-admin-form.tsx';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { CodeStepForm } from '../../features/two-factor/components/code-step-form.tsx';

export const NO_LANDING_MESSAGE = 'You do not have permission to access any page.';

/** /login: sign in, or (once, on an empty installation) create the first administrator. */
export const LoginRoute = () => {
  const navigate = useNavigate();
  const setup = useSetupStatus();
  /** The password was right and two-step sign-in is on: the code comes next. */
  const [challenge, setChallenge] = useState<string | null>(null);

  const enter = ({ token, user }: SigninResponse, successMessage: string) => {
    if (user.mustChangePassword) {
      // A temporary password: nothing opens until the user has chosen their own.
      setSession(token, user);
      navigate('/change-password', { replace: true });
      return;
    }
    if (user.twoFactorSetupRequired) {
      // The organisation requires two-step sign-in: it is set up before anything else.
      setSession(token, user);
      navigate('/two-factor-setup', { replace: true });
      return;
    }
    const landing = landingPath(user.role, user.permissions);
    if (!landing) {
      clearSession();
      notifyError(NO_LANDING_MESSAGE);
      return;
    }
    setSession(token, user);
    notifySuccess(successMessage);
    navigate(landing, { replace: true });
  };

  // While the set-up check loads, the sign-in form shows (as the prerendered page does).
  if (setup.data?.needsFirstAdmin) {
    return (
      <AuthLayout subtitle="Create the first administrator">
        <FirstAdminForm
          onCreated={(response) => enter(response, 'Administrator account created')}
        />
      </AuthLayout>
    );
  }

  if (challenge) {
    return (
      <AuthLayout subtitle="Two-step sign-in">
        <CodeStepForm
          challenge={challenge}
          onSignedIn={(response) => enter(response, 'Login successful')}
          onBack={() => setChallenge(null)}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout subtitle="Sign in to your account">
      <SignInForm
        onSignedIn={(response) =>
          'twoFactorRequired' in response
            ? setChallenge(response.challenge)
            : enter(response, 'Login successful')
        }
      />
    </AuthLayout>
  );
};
