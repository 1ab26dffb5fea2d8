import { useCallback } from 'react';
import { toPage, useUrlState } from '../../../lib/url-state.ts';

/** The client list's view in the URL (module constant: a stable object). */
const VIEW_DEFAULTS = { page: '1', search: '', category: '', client: '' };

/** Search, category, page and the open client, kept in the URL. */
export const useClientView = () => {
  const [values, update] = useUrlState(VIEW_DEFAULTS);
  const page = toPage(values.page);

  const setSearch = useCallback(
    (search: string) => update({ search, page: null }, { replace: true }),
    [update],
  );
  const setCategory = useCallback((category: string) => update({ category, page: null }), [update]);
  const setPage = useCallback((next: number) => update({ page: next }), [update]);
  const openClient = useCallback((id: string) => update({ client: id }), [update]);
  const closeClient = useCallback(() => update({ client: null }, { replace: true }), [update]);

  return {
    query: { page, search: values.search, category: values.category },
    clientId: values.client || null,
    filterKey: `${values.search}\u0000${values.category}`,
    setSearch,
    setCategory,
    setPage,
    openClient,
    closeClient,
  };
};
