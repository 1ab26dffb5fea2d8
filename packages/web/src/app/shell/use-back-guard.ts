import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { getSession } from '../../lib/session.ts';

export const LEAVE_MESSAGE = "You're about to leave. Do you want to logout?";
const GUARD = 'leadlineBackGuard';

type HistoryState = Record<string, unknown> | null;

const currentState = () => window.history.state as HistoryState;
const isGuard = (state: HistoryState) => state?.[GUARD] === true;
const pushGuard = () =>
  window.history.pushState({ ...currentState(), [GUARD]: true }, '', window.location.href);

/**
 * Pressing back while signed in asks before leaving and logs out on yes. Each page of the shell
 * gets a guard entry on top of it (same URL), so back lands on the page itself and we can ask.
 */
export const useBackGuard = (onLogout: () => void): void => {
  const { key } = useLocation();
  const logoutRef = useRef(onLogout);

  useEffect(() => {
    logoutRef.current = onLogout;
  }, [onLogout]);

  useEffect(() => {
    if (!isGuard(currentState())) pushGuard();
  }, [key]);

  useEffect(() => {
    const onPopState = () => {
      // Forward into a guard entry, or already signed out: nothing to ask.
      if (isGuard(currentState()) || !getSession().token) return;
      if (window.confirm(LEAVE_MESSAGE)) logoutRef.current();
      else pushGuard();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
};
