import { useQuery } from '@tanstack/react-query';
import type { Lead } from '@leadline/shared/leads';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getLead = (leadId: string, signal?: AbortSignal): Promise<Lead> =>
  apiRequest<Lead>(`/api/leads/${encodeURIComponent(leadId)}`, { signal });

/**
 * The lead being emailed, fresh from the server (its sent count and date may have changed
 * since the table was loaded). Without leadsTable permission it fails and the screen keeps
 * what the table handed over. The same cached lead as the leads drawer's (`queryKeys.lead`).
 */
export const useEmailedLead = (leadId: string | null) =>
  useQuery({
    queryKey: queryKeys.lead(leadId ?? ''),
    queryFn: ({ signal }) => getLead(leadId!, signal),
    enabled: leadId !== null,
    staleTime: 0,
  });
