import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lead, LeadUpdateInput } from '@leadline/shared/leads';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshSummaries } from '../../../lib/query-keys.ts';
import { leadKeys } from './lead-keys.ts';

export type UpdateLeadInput = { id: string; changes: LeadUpdateInput };

export const updateLead = ({ id, changes }: UpdateLeadInput): Promise<Lead> =>
  apiRequest<Lead>(`/api/leads/${encodeURIComponent(id)}`, { method: 'PUT', body: changes });

export const useUpdateLead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLead,
    onSuccess: async (lead) => {
      queryClient.setQueryData(leadKeys.detail(lead._id), lead);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.lists }),
        queryClient.invalidateQueries({ queryKey: leadKeys.activity(lead._id) }),
        refreshSummaries(queryClient),
      ]);
    },
  });
};
