import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Client, ClientListResponse } from '@leadline/shared/clients';
import { apiRequest } from '../../../lib/api-client.ts';
import { clientKeys } from './client-keys.ts';

export const getClient = (id: string, signal?: AbortSignal): Promise<Client> =>
  apiRequest<Client>(`/api/clients/${encodeURIComponent(id)}`, { signal });

/** One client, at once from a loaded list page when it is on one, then fresh from the server. */
export const useClient = (id: string | null) => {
  const queryClient = useQueryClient();
  return useQuery<Client, Error, Client, ReturnType<typeof clientKeys.detail>>({
    queryKey: clientKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getClient(id!, signal),
    enabled: id !== null,
    staleTime: 0,
    placeholderData: () => {
      if (!id) return undefined;
      for (const [, page] of queryClient.getQueriesData<ClientListResponse>({
        queryKey: clientKeys.lists,
      })) {
        const match = page?.clients.find((client) => client._id === id);
        if (match) return match;
      }
      return undefined;
    },
  });
};
