import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { landingPath } from '@leadline/shared/permissions';
import { clearSession, useSession } from '../lib/session.ts';

/** Every screen but /login, /signup and /create-user needs a stored token. */
export const RequireAuth = () => {
  const { token, user } = useSession();
  if (!token || !user) return <Navigate to="/login" replace />;
  // Signed in with a temporary password: the new password comes first.
  if (user.mustChangePassword) return <Navigate to="/change-password" replace />;
  // The organisation requires two-step sign-in and it is not set up: that comes first.
  if (user.twoFactorSetupRequired) return <Navigate to="/two-factor-setup" replace />;
  return <Outlet />;
};

/** A signed-in user opening /login goes to their landing page. */
export const RedirectIfSignedIn = () => {
  const { token, user } = useSession();
  const landing =
    token && user
      ? user.mustChangePassword
        ? '/change-password'
        : user.twoFactorSetupRequired
          ? '/two-factor-setup'
          : landingPath(user.role, user.permissions)
      : null;
  const stale = token !== null && landing === null;

  useEffect(() => {
    // A token without a usable user (or one with no page to land on) is not a session.
    if (stale) clearSession();
  }, [stale]);

  if (landing) return <Navigate to={landing} replace />;
  return <Outlet />;
};
