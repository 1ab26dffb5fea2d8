import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshSummaries } from '../../../lib/query-keys.ts';
import { leadKeys } from './lead-keys.ts';

export const deleteLead = (id: string): Promise<{ message: string }> =>
  apiRequest<{ message: string }>(`/api/leads/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useDeleteLead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLead,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: leadKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.lists }),
        refreshSummaries(queryClient),
      ]);
    },
  });
};
