import { useSyncExternalStore } from 'react';
import type { ApiKeyCreated } from '@leadline/shared/api-keys';

/*
 * The key just created, until its window is closed. Kept outside the components: the profile
 * lays itself out again (a phone's tabs, a desktop's columns) when the window is resized, and a
 * key shown only once must not vanish with the section that showed it.
 */
let shown: ApiKeyCreated | null = null;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const showNewKey = (created: ApiKeyCreated | null): void => {
  shown = created;
  for (const listener of listeners) listener();
};

export const useNewKey = (): ApiKeyCreated | null => useSyncExternalStore(subscribe, () => shown);
