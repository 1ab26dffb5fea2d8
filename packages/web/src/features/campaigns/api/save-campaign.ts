import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignInput } from '@leadline/shared/campaigns';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignKeys } from './campaign-keys.ts';

/**
 * The modal edits when an id is present, otherwise creates; `draft` keeps an unfinished
 * campaign (its subject and body may still be empty).
 */
export type SaveCampaignInput = { id: string | null; body: CampaignInput; draft?: boolean };

export const saveCampaign = ({ id, body, draft = false }: SaveCampaignInput): Promise<Campaign> => {
  const path = id ? `/api/campaigns/${encodeURIComponent(id)}` : '/api/campaigns';
  const url = draft ? (id ? `${path}/draft` : `${path}/drafts`) : path;
  return apiRequest<Campaign>(url, { method: id ? 'PUT' : 'POST', body });
};

export const useSaveCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
};
