import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

export type UrlPatch<K extends string> = Partial<Record<K, string | number | null | undefined>>;

export type UrlUpdateOptions = {
  /** Replace the current history entry instead of adding one (typing in a search box). */
  replace?: boolean;
};

/**
 * A screen's view state (filters, sort, page, an open record) kept in the URL's search
 * params, so that reload, back / forward and a shared link restore the same view. Values are
 * strings; an empty value or the default removes the param to keep links short.
 */
export const useUrlState = <K extends string>(defaults: Readonly<Record<K, string>>) => {
  const [searchParams, setSearchParams] = useSearchParams();

  const values = useMemo(() => {
    const result: Record<K, string> = { ...defaults };
    for (const key of Object.keys(defaults) as K[]) {
      const value = searchParams.get(key);
      if (value !== null && value !== '') result[key] = value;
    }
    return result;
  }, [searchParams, defaults]);

  // The last parameters written: two quick updates (From, then To typed at once) both build on
  // what was written before, not on the render that preceded them (which lacks the first).
  const latest = useRef(searchParams);
  useEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);

  const update = useCallback(
    (patch: UrlPatch<K>, options: UrlUpdateOptions = {}) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, raw] of Object.entries(patch) as [K, UrlPatch<K>[K]][]) {
        const value = raw === null || raw === undefined ? '' : String(raw);
        if (value === '' || value === defaults[key]) next.delete(key);
        else next.set(key, value);
      }
      latest.current = next;
      setSearchParams(next, { replace: options.replace ?? false, preventScrollReset: true });
    },
    [setSearchParams, defaults],
  );

  return [values, update] as const;
};

/** A positive whole number from a URL value, or the fallback. */
export const toPage = (value: string, fallback = 1): number => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : fallback;
};
