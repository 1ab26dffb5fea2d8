import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lead, LeadData } from '@leadline/shared/leads';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshSummaries } from '../../../lib/query-keys.ts';
import { leadKeys } from './lead-keys.ts';

export const createLead = (body: LeadData): Promise<Lead> =>
  apiRequest<Lead>('/api/leads', { method: 'POST', body });

export const useCreateLead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLead,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.all }),
        refreshSummaries(queryClient),
      ]),
  });
};
