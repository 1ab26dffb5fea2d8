import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TargetFilters } from '@leadline/shared/campaigns';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignKeys } from './campaign-keys.ts';

export type AudienceRequest = {
  leads: string[];
  targetFilters: TargetFilters;
  campaignId?: string;
};

export const getAudience = (body: AudienceRequest, signal?: AbortSignal) =>
  apiRequest<{ count: number }>('/api/campaigns/audience', { method: 'POST', body, signal });

/** How many leads the chosen leads and filters reach right now. */
export const useAudience = (body: AudienceRequest, enabled: boolean) =>
  useQuery({
    queryKey: campaignKeys.audience(body),
    queryFn: ({ signal }) => getAudience(body, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
