import { useCallback, useMemo } from 'react';
import {
  CUSTOM_SORT,
  clearCustomPatch,
  customFilterPatch,
  useCustomFilterParams,
} from '../../../lib/custom-params.ts';
import type { CustomParam } from '../../../lib/custom-params.ts';
import type { SortState } from '../../../components/sort-head.tsx';
import { toPage, useUrlState } from '../../../lib/url-state.ts';
import type { ClientListQuery } from '../api/client-keys.ts';

/** The client list's view in the URL (module constant: a stable object). */
const VIEW_DEFAULTS = { page: '1', search: '', category: '', sort: '', client: '' };

/** A sort of the client list: a custom field (the list is newest first without one). */
export type ClientSortKey = `custom.${string}`;
export type ClientSort = SortState<ClientSortKey>;

const parseSort = (value: string): ClientSort => {
  const descending = value.startsWith('-');
  const name = descending ? value.slice(1) : value;
  return CUSTOM_SORT.test(name) ? { field: name as ClientSortKey, descending } : null;
};

/** Search, category, custom field filters, sort, page and the open client, kept in the URL. */
export const useClientView = () => {
  const [values, update] = useUrlState(VIEW_DEFAULTS);
  const { customFilters, customParamsText } = useCustomFilterParams();
  const page = toPage(values.page);
  const sort = parseSort(values.sort);
  const sortParam = sort ? `${sort.descending ? '-' : ''}${sort.field}` : '';

  const setSearch = useCallback(
    (search: string) => update({ search, page: null }, { replace: true }),
    [update],
  );
  const setCategory = useCallback((category: string) => update({ category, page: null }), [update]);
  /** A custom field filter (`custom.<key>` or its `.min` / `.max`); '' removes it. */
  const setCustomFilter = useCallback(
    (name: CustomParam, value: string, options: { replace?: boolean } = {}) =>
      update(customFilterPatch(name, value), options),
    [update],
  );
  const clearCustomFilters = useCallback(
    () => update({ ...clearCustomPatch(customFilters), page: null }),
    [update, customFilters],
  );
  /** A new column sorts ascending; the same column flips; a third click is newest first again. */
  const toggleSort = useCallback(
    (field: ClientSortKey) => {
      const next = sort?.field !== field ? field : sort.descending ? '' : `-${field}`;
      update({ sort: next, page: null });
    },
    [sort, update],
  );
  /** The phone's sort choice: a field and its direction, or null (newest first). */
  const setSort = useCallback(
    (next: ClientSort) =>
      update({ sort: next ? `${next.descending ? '-' : ''}${next.field}` : '', page: null }),
    [update],
  );
  const setPage = useCallback((next: number) => update({ page: next }), [update]);
  const openClient = useCallback((id: string) => update({ client: id }), [update]);
  const closeClient = useCallback(() => update({ client: null }, { replace: true }), [update]);

  const query = useMemo<ClientListQuery>(
    () => ({
      page,
      search: values.search,
      category: values.category,
      sort: sortParam,
      custom: customFilters,
    }),
    [page, values.search, values.category, sortParam, customFilters],
  );

  return {
    query,
    sort,
    customFilters,
    clientId: values.client || null,
    filterKey: `${values.search}\u0000${values.category}\u0000${customParamsText}`,
    setSearch,
    setCategory,
    setCustomFilter,
    clearCustomFilters,
    toggleSort,
    setSort,
    setPage,
    openClient,
    closeClient,
  };
};
