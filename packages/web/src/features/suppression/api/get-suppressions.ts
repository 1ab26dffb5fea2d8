import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SUPPRESSIONS_PER_PAGE } from '@leadline/shared/suppression';
import type { SuppressionList } from '@leadline/shared/suppression';
import { apiRequest } from '../../../lib/api-client.ts';
import { suppressionKeys } from './suppression-keys.ts';
import type { SuppressionQuery } from './suppression-keys.ts';

export const getSuppressions = (
  { page, search }: SuppressionQuery,
  signal?: AbortSignal,
): Promise<SuppressionList> => {
  const params = new URLSearchParams({ page: String(page), limit: String(SUPPRESSIONS_PER_PAGE) });
  if (search) params.set('search', search);
  return apiRequest<SuppressionList>(`/api/suppression?${params.toString()}`, { signal });
};

/** One page of the organisation's suppression list, searched by the server. */
export const useSuppressions = (query: SuppressionQuery) =>
  useQuery({
    queryKey: suppressionKeys.list(query),
    queryFn: ({ signal }) => getSuppressions(query, signal),
    placeholderData: keepPreviousData,
  });
