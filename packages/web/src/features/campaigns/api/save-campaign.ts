import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignInput } from '@leadline/shared/campaigns';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignKeys } from './campaign-keys.ts';

/** The modal edits when an id is present, otherwise creates. */
export type SaveCampaignInput = { id: string | null; body: CampaignInput };

export const saveCampaign = ({ id, body }: SaveCampaignInput): Promise<Campaign> =>
  id
    ? apiRequest<Campaign>(`/api/campaigns/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : apiRequest<Campaign>('/api/campaigns', { method: 'POST', body });

export const useSaveCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
};
