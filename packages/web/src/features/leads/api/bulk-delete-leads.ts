import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshSummaries } from '../../../lib/query-keys.ts';
import { leadKeys } from './lead-keys.ts';

export type BulkDeleteResponse = { message: string; deletedCount: number };

export const bulkDeleteLeads = (leadIds: string[]): Promise<BulkDeleteResponse> =>
  apiRequest<BulkDeleteResponse>('/api/leads/bulk-delete', {
    method: 'POST',
    body: { leadIds },
  });

export const useBulkDeleteLeads = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteLeads,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.all }),
        refreshSummaries(queryClient),
      ]),
  });
};
