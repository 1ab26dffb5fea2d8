import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignKeys } from './campaign-keys.ts';

export const deleteCampaign = (id: string): Promise<{ message: string }> =>
  apiRequest<{ message: string }>(`/api/campaigns/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

export const useDeleteCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: campaignKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: campaignKeys.list });
    },
  });
};
