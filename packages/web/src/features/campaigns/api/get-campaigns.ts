import { useQuery } from '@tanstack/react-query';
import type { Campaign, CampaignListResponse } from '@leadline/shared/campaigns';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFRESH_MS, campaignKeys } from './campaign-keys.ts';

export const getCampaigns = (signal?: AbortSignal): Promise<CampaignListResponse> =>
  apiRequest<CampaignListResponse>('/api/campaigns', { signal });

/** Every campaign of the answer, whichever shape it has (a Super Admin's is grouped). */
export const allCampaigns = (data: CampaignListResponse | undefined): Campaign[] =>
  !data ? [] : Array.isArray(data) ? data : Object.values(data).flat();

/** The campaigns; read again every few seconds while one of them is sending. */
export const useCampaigns = () =>
  useQuery({
    queryKey: campaignKeys.list,
    queryFn: ({ signal }) => getCampaigns(signal),
    refetchInterval: (query) =>
      allCampaigns(query.state.data).some((c) => c.status === 'active' && c.type === 'email')
        ? LIVE_REFRESH_MS
        : false,
  });
