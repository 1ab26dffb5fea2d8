import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function whose identity never changes but which always runs the latest `callback`: lets
 * memoised rows receive handlers without re-rendering when the parent's state changes.
 */
export const useStableCallback = <A extends unknown[], R>(
  callback: (...args: A) => R,
): ((...args: A) => R) => {
  const ref = useRef(callback);
  useLayoutEffect(() => {
    ref.current = callback;
  });
  return useCallback((...args: A) => ref.current(...args), []);
};
