import type { NavigateFunction } from 'react-router';
import type { PublicUser } from '@leadline/shared/auth';
import { landingPath } from '@leadline/shared/permissions';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { signOut } from '../../lib/sign-out.ts';
import { NO_LANDING_MESSAGE } from './login-route.tsx';

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
