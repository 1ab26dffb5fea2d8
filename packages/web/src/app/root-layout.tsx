import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { SESSION_EXPIRED_MESSAGE } from '@leadline/shared/http';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { notifySessionExpired } from '../lib/notify.ts';
import { clearSession, getSession } from '../lib/session.ts';

export const OFFLINE_MESSAGE = 'You are offline. Logging out...';

/** App-wide session rules: a 401 ends the session; going offline logs out. */
export const RootLayout = () => {
  const navigate = useNavigate();

  useEffect(() => {
    setUnauthorizedHandler(() => {
      notifySessionExpired(SESSION_EXPIRED_MESSAGE);
      void navigate('/login', { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate]);

  useEffect(() => {
    const onOffline = () => {
      if (!getSession().token) return;
      clearSession();
      window.alert(OFFLINE_MESSAGE);
      void navigate('/login', { replace: true });
    };
    window.addEventListener('offline', onOffline);
    return () => window.removeEventListener('offline', onOffline);
  }, [navigate]);

  return <Outlet />;
};
