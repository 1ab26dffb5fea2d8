import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiRequestError } from '../../lib/api-client.ts';
import { notifyError } from '../../lib/notify.ts';
import { clearSession, getSession, setStoredUser } from '../../lib/session.ts';
import { useMe } from '../../features/profile/api/get-me.ts';

/**
 * The stored user is refreshed from GET /api/auth/me on start, on window focus and after
 * permission saves, so the sidebar follows permission changes.
 */
export const useSessionRefresh = (): void => {
  const me = useMe();
  const navigate = useNavigate();

  useEffect(() => {
    if (me.data && getSession().token) setStoredUser(me.data);
  }, [me.data]);

  useEffect(() => {
    const error = me.error;
    // An account that became pending or expired can no longer use its session.
    if (error instanceof ApiRequestError && error.status === 403 && getSession().token) {
      clearSession();
      notifyError(error.message);
      void navigate('/login', { replace: true });
    }
  }, [me.error, navigate]);
};
