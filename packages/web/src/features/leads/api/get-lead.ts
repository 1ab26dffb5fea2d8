import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Lead, LeadListResponse } from '@leadline/shared/leads';
import { apiRequest } from '../../../lib/api-client.ts';
import { leadKeys } from './lead-keys.ts';

export const getLead = (id: string, signal?: AbortSignal): Promise<Lead> =>
  apiRequest<Lead>(`/api/leads/${encodeURIComponent(id)}`, { signal });

/** One lead, shown at once from a loaded list page when it is on one, then fresh from the server. */
export const useLead = (id: string | null) => {
  const queryClient = useQueryClient();
  return useQuery<Lead, Error, Lead, ReturnType<typeof leadKeys.detail>>({
    queryKey: leadKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getLead(id!, signal),
    enabled: id !== null,
    staleTime: 0,
    placeholderData: () => {
      if (!id) return undefined;
      for (const [, page] of queryClient.getQueriesData<LeadListResponse>({
        queryKey: leadKeys.lists,
      })) {
        const match = page?.leads.find((lead) => lead._id === id);
        if (match) return match;
      }
      return undefined;
    },
  });
};
