import { useQuery } from '@tanstack/react-query';
import type { CampaignDetail } from '@leadline/shared/campaigns';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFRESH_MS, campaignKeys } from './campaign-keys.ts';

export const getCampaign = (id: string, signal?: AbortSignal): Promise<CampaignDetail> =>
  apiRequest<CampaignDetail>(`/api/campaigns/${encodeURIComponent(id)}`, { signal });

/** One campaign with its counts; read again every few seconds while it sends. */
export const useCampaign = (id: string | null) =>
  useQuery({
    queryKey: campaignKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getCampaign(id!, signal),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'active' && query.state.data.type === 'email'
        ? LIVE_REFRESH_MS
        : false,
  });
