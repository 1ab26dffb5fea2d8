import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** A custom field's list parameter: `custom.<key>`, `custom.<key>.min` or `.max`. */
export type CustomParam = `custom.${string}`;
/** The custom field filters of the URL, by parameter name. */
export type CustomFilterParams = Record<CustomParam, string>;

/** A sort by a custom field: `custom.<key>` (the key rule of the shared schemas). */
export const CUSTOM_SORT = /^custom\.[a-z][a-z0-9_]{0,49}$/;

const isCustomParam = (name: string): name is CustomParam =>
  name.startsWith('custom.') && name.length <= 80;

/**
 * The URL's `custom.*` filters (empty ones dropped), as an object that stays the same while
 * they do, and as text that changes whenever the set of matching records does.
 */
export const useCustomFilterParams = () => {
  const [searchParams] = useSearchParams();
  const text = [...searchParams]
    .filter(([name, value]) => isCustomParam(name) && value !== '')
    .map(([name, value]) => `${name}=${value}`)
    .join('\u0000');
  const filters = useMemo<CustomFilterParams>(
    () =>
      Object.fromEntries(
        text
          ? text.split('\u0000').map((pair) => {
              const at = pair.indexOf('=');
              return [pair.slice(0, at), pair.slice(at + 1)];
            })
          : [],
      ) as CustomFilterParams,
    [text],
  );
  return { customFilters: filters, customParamsText: text };
};

/** A URL patch that sets one custom filter ('' removes it) and returns to page 1. */
export const customFilterPatch = (name: CustomParam, value: string) =>
  // Not among a view's named parameters: written as they are.
  ({ [name]: value, page: null }) as unknown as { page: null };

/** A URL patch that removes every custom filter of `filters`. */
export const clearCustomPatch = (filters: CustomFilterParams) =>
  Object.fromEntries(Object.keys(filters).map((name) => [name, null])) as Record<string, null>;
