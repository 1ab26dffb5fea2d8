import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchAnswer } from '@leadline/shared/search';
import { apiRequest } from '../../../lib/api-client.ts';

export const searchKeys = {
  all: ['search'] as const,
  query: (q: string) => ['search', q] as const,
};

export const getSearch = (q: string, signal?: AbortSignal) =>
  apiRequest<SearchAnswer>(`/api/search?${new URLSearchParams({ q }).toString()}`, { signal });

/**
 * Search over everything for `q` (already debounced by the caller); the last answer stays on
 * screen while the next one loads, so results do not blink while typing.
 */
export const useSearch = (q: string) =>
  useQuery({
    queryKey: searchKeys.query(q),
    queryFn: ({ signal }) => getSearch(q, signal),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
