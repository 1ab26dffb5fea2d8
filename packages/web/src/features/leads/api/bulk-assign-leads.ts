import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkAssignAnswer, BulkAssignInput } from '@leadline/shared/leads';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshSummaries } from '../../../lib/query-keys.ts';
import { leadKeys } from './lead-keys.ts';

export const bulkAssignLeads = (input: BulkAssignInput): Promise<BulkAssignAnswer> =>
  apiRequest<BulkAssignAnswer>('/api/leads/bulk-assign', { method: 'POST', body: input });

export const useBulkAssignLeads = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkAssignLeads,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.all }),
        refreshSummaries(queryClient),
      ]),
  });
};
