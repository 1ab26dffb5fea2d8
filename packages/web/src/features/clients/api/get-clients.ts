import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CLIENTS_PER_PAGE } from '@leadline/shared/clients';
import type { ClientListResponse } from '@leadline/shared/clients';
import { apiRequest } from '../../../lib/api-client.ts';
import { clientKeys } from './client-keys.ts';
import type { ClientListQuery } from './client-keys.ts';

export const getClients = (
  { page, search, category, sort, custom }: ClientListQuery,
  signal?: AbortSignal,
): Promise<ClientListResponse> => {
  const params = new URLSearchParams({ page: String(page), limit: String(CLIENTS_PER_PAGE) });
  if (search) params.set('search', search);
  if (category) params.set('category', category);
  if (sort) params.set('sort', sort);
  for (const [name, value] of Object.entries(custom)) params.set(name, value);
  return apiRequest<ClientListResponse>(`/api/clients?${params.toString()}`, { signal });
};

/** One page of clients (10 per page), searched and filtered by the server. */
export const useClients = (query: ClientListQuery) =>
  useQuery({
    queryKey: clientKeys.list(query),
    queryFn: ({ signal }) => getClients(query, signal),
    placeholderData: keepPreviousData,
  });
