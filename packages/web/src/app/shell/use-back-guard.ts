import { useEffect, useRef } from 'react';
import { getSession } from '../../lib/session.ts';

export const LEAVE_MESSAGE = "You're about to leave. Do you want to logout?";
const GUARD = 'leadlineBackGuard';
const BASE = 'leadlineBackBase';
/** sessionStorage: this tab's history already holds a base entry of the app. */
const TAB_HAS_BASE = 'leadline.backBase';

type HistoryState = Record<string, unknown> | null;

const currentState = () => window.history.state as HistoryState;
/** A guard entry: the same location and router state as the base, but not the base itself. */
const pushGuard = () => {
  const { [BASE]: _base, ...state } = currentState() ?? {};
  window.history.pushState({ ...state, [GUARD]: true }, '', window.location.href);
};

/** The router's position of the current entry in this tab's history (0 for a new entry). */
const routerIndex = () => {
  const idx = currentState()?.idx;
  return typeof idx === 'number' ? idx : 0;
};

const tabHasBase = () => {
  try {
    return window.sessionStorage.getItem(TAB_HAS_BASE) === '1';
  } catch {
    return false;
  }
};
const rememberBase = () => {
  try {
    window.sessionStorage.setItem(TAB_HAS_BASE, '1');
  } catch {
    // Storage off: a reload then asks one entry early, as before.
  }
};

/** Whether the document was loaded onto an existing entry (a reload, or Back/Forward into it). */
const loadedOntoExistingEntry = () => {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return (
    (entry?.type === 'reload' || entry?.type === 'back_forward') &&
    entry.name === window.location.href
  );
};

let mountedInThisDocument = false;

/**
 * Pressing back while signed in asks before leaving the app, and logs out on yes. Back moves
 * through the app's own pages as usual (filters, pages, drawers kept in the URL); only the
 * first entry of the app (the base) has a guard entry on top, so going back past it lands on
 * the base, where we ask. A reload keeps that: the entries (and their state) survive it, so a
 * page reloaded further along the app's history is not made a new base; Back still walks back
 * through the app and asks only at the original base.
 */
export const useBackGuard = (onLogout: () => void): void => {
  const logoutRef = useRef(onLogout);

  useEffect(() => {
    logoutRef.current = onLogout;
  }, [onLogout]);

  useEffect(() => {
    const state = currentState();
    const firstMount = !mountedInThisDocument;
    mountedInThisDocument = true;
    const onGuardOrBase = state?.[GUARD] === true || state?.[BASE] === true;
    const reloadedFurtherAlong =
      firstMount && routerIndex() > 0 && tabHasBase() && loadedOntoExistingEntry();
    if (!onGuardOrBase && !reloadedFurtherAlong) {
      window.history.replaceState({ ...state, [BASE]: true }, '', window.location.href);
      pushGuard();
      rememberBase();
    }
    const onPopState = () => {
      if (currentState()?.[BASE] !== true || !getSession().token) return;
      if (window.confirm(LEAVE_MESSAGE)) logoutRef.current();
      else pushGuard();
    };
    window.addEventListener('popstate', onPopState);
    // Marks the page as guarded, for whoever needs to know Back is now being watched.
    document.documentElement.dataset.backGuard = 'on';
    return () => {
      window.removeEventListener('popstate', onPopState);
      delete document.documentElement.dataset.backGuard;
    };
  }, []);
};
