import { useSyncExternalStore } from 'react';
import type { PublicUser } from '@leadline/shared/auth';
import { isRole } from '@leadline/shared/roles';
import { normalisePermissions } from '@leadline/shared/permissions';

/** Browser storage keys: the session token and the signed-in user. */
const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export type Session = { token: string | null; user: PublicUser | null };

const listeners = new Set<() => void>();
let cached: Session | null = null;

const parseUser = (raw: string | null): PublicUser | null => {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PublicUser> | null;
    if (!value || typeof value !== 'object' || !isRole(value.role)) return null;
    return {
      ...(value as PublicUser),
      organization: value.organization ?? null,
      permissions: normalisePermissions(value.permissions ?? {}),
    };
  } catch {
    return null;
  }
};

const read = (): Session => {
  try {
    return {
      token: window.localStorage.getItem(TOKEN_KEY),
      user: parseUser(window.localStorage.getItem(USER_KEY)),
    };
  } catch {
    return { token: null, user: null };
  }
};

const emit = () => {
  cached = null;
  for (const listener of listeners) listener();
};

export const getSession = (): Session => {
  cached ??= read();
  return cached;
};

export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

export const setSession = (token: string, user: PublicUser): void => {
  window.localStorage.setItem(TOKEN_KEY, token);
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
  emit();
};

export const setStoredUser = (user: PublicUser): void => {
  const current = window.localStorage.getItem(USER_KEY);
  const next = JSON.stringify(user);
  if (current === next) return;
  window.localStorage.setItem(USER_KEY, next);
  emit();
};

/** Logout: removes token and stored user. */
export const clearSession = (): void => {
  window.localStorage.removeItem(TOKEN_KEY);
  window.localStorage.removeItem(USER_KEY);
  emit();
};

export const useSession = (): Session => useSyncExternalStore(subscribeSession, getSession);
