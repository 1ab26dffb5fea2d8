import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { SigninResponse } from '@leadline/shared/auth';
import { enterSignedIn } from './continue-to-landing.ts';
import { useSetupStatus } from '../../features/auth/api/get-setup-status.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { FirstAdminForm } from '../../features/auth/components/first-admin-form.tsx';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { SsoSignIn } from '../../features/sso/components/sso-sign-in.tsx';
import { CodeStepForm } from '../../features/two-factor/components/code-step-form.tsx';

/** /login: sign in, or (once, on an empty installation) create the first administrator. */
export const LoginRoute = () => {
  const navigate = useNavigate();
  const setup = useSetupStatus();
  const [params] = useSearchParams();
  /** The password was right and two-step sign-in is on: the code comes next. */
  const [challenge, setChallenge] = useState<string | null>(null);

  const enter = (response: SigninResponse, successMessage: string) =>
    enterSignedIn(response, successMessage, navigate);

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
      <SsoSignIn errorCode={params.get('sso_error')} />
    </AuthLayout>
  );
};
