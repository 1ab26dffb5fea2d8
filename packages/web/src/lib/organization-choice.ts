import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from './session.ts';

/**
 * The organisation a Super Admin works in, chosen in the header's switcher and remembered in
 * this browser per user; null: none chosen (a Super Admin then sees every organisation).
 * Nobody else chooses: their organisation is their own.
 */
const keyOf = (userId: string) => `leadline.organization.${userId}`;

const listeners = new Set<() => void>();

const chooser = (): string | null => {
  const { user } = getSession();
  return user && user.role === 'Super Admin' ? user.id : null;
};

export const getOrganizationChoice = (): string | null => {
  const userId = chooser();
  if (!userId) return null;
  try {
    return window.localStorage.getItem(keyOf(userId)) || null;
  } catch {
    return null;
  }
};

export const setOrganizationChoice = (name: string | null): void => {
  const userId = chooser();
  if (!userId || name === getOrganizationChoice()) return;
  if (name) window.localStorage.setItem(keyOf(userId), name);
  else window.localStorage.removeItem(keyOf(userId));
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  const unsubscribeSession = subscribeSession(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('leadline.organization.')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    unsubscribeSession();
    window.removeEventListener('storage', onStorage);
  };
};

export const useOrganizationChoice = (): string | null =>
  useSyncExternalStore(subscribe, getOrganizationChoice);
