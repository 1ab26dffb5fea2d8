import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LeadOption } from '@leadline/shared/campaigns';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignKeys } from './campaign-keys.ts';

export const getLeadOptions = (
  search: string,
  campaignId: string | null,
  signal?: AbortSignal,
): Promise<LeadOption[]> => {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (campaignId) params.set('campaignId', campaignId);
  return apiRequest<LeadOption[]>(`/api/campaigns/lead-options?${params.toString()}`, { signal });
};

/** Leads to choose from, searched by the server (a Super Admin's: the campaign's organisation). */
export const useLeadOptions = (search: string, campaignId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: campaignKeys.leadOptions(search, campaignId),
    queryFn: ({ signal }) => getLeadOptions(search, campaignId, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
