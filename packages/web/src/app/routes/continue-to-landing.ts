import type { NavigateFunction } from 'react-router';
import type { PublicUser, SigninResponse } from '@leadline/shared/auth';
import { landingPath } from '@leadline/shared/permissions';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { clearSession, setSession } from '../../lib/session.ts';
import { signOut } from '../../lib/sign-out.ts';

export const NO_LANDING_MESSAGE = 'You do not have permission to access any page.';

/**
 * After a step a signed-in user had to take first (a new password, two-step sign-in): on to
 * their first page with `successMessage`, or signed out when no page is theirs.
 */
export const continueToLanding = (
  user: Pick<PublicUser, 'role' | 'permissions'>,
  successMessage: string,
  navigate: NavigateFunction,
): void => {
  const landing = landingPath(user.role, user.permissions);
  if (!landing) {
    signOut();
    notifyError(NO_LANDING_MESSAGE);
    return;
  }
  notifySuccess(successMessage);
  void navigate(landing, { replace: true });
};

/**
 * A complete sign-in (a password, a code, single sign-on): the session kept, then the step the
 * user must take first (a temporary password, the organisation's two-step set-up) or their
 * first page with `successMessage`; no session when no page is theirs.
 */
export const enterSignedIn = (
  { token, user }: SigninResponse,
  successMessage: string,
  navigate: NavigateFunction,
): void => {
  const firstStep = user.mustChangePassword
    ? '/change-password'
    : user.twoFactorSetupRequired
      ? '/two-factor-setup'
      : null;
  if (firstStep) {
    setSession(token, user);
    void navigate(firstStep, { replace: true });
    return;
  }
  if (!landingPath(user.role, user.permissions)) {
    clearSession();
    notifyError(NO_LANDING_MESSAGE);
    return;
  }
  setSession(token, user);
  continueToLanding(user, successMessage, navigate);
};
