import { useEffect, useRef } from 'react';
import { getSession } from '../../lib/session.ts';

export const LEAVE_MESSAGE = "You're about to leave. Do you want to logout?";
const GUARD = 'leadlineBackGuard';
const BASE = 'leadlineBackBase';

type HistoryState = Record<string, unknown> | null;

const currentState = () => window.history.state as HistoryState;
/** A guard entry: the same location and router state as the base, but not the base itself. */
const pushGuard = () => {
  const { [BASE]: _base, ...state } = currentState() ?? {};
  window.history.pushState({ ...state, [GUARD]: true }, '', window.location.href);
};

/**
 * Pressing back while signed in asks before leaving the app, and logs out on yes. Back moves
 * through the app's own pages as usual (filters, pages, drawers kept in the URL); only the
 * first entry of the app (the base) has a guard entry on top, so going back past it lands on
 * the base, where we ask.
 */
export const useBackGuard = (onLogout: () => void): void => {
  const logoutRef = useRef(onLogout);

  useEffect(() => {
    logoutRef.current = onLogout;
  }, [onLogout]);

  useEffect(() => {
    const state = currentState();
    // A reload on the guard or the base keeps the entries already there.
    if (state?.[GUARD] !== true && state?.[BASE] !== true) {
      window.history.replaceState({ ...state, [BASE]: true }, '', window.location.href);
      pushGuard();
    }
    const onPopState = () => {
      if (currentState()?.[BASE] !== true || !getSession().token) return;
      if (window.confirm(LEAVE_MESSAGE)) logoutRef.current();
      else pushGuard();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
};
