import { clearSession, getSession } from './session.ts';

/**
 * Signs out: the session ends on the server (POST /api/auth/signout, so the token is refused
 * from then on even if a copy of it survives) and the browser forgets it at once. The screen
 * does not wait for the server: an offline sign-out still clears the browser.
 */
export const signOut = (): void => {
  const { token } = getSession();
  clearSession();
  if (!token) return;
  void fetch('/api/auth/signout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch(() => undefined);
};
