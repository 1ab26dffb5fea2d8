import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client } from '@leadline/shared/clients';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys, refreshSummaries } from '../../../lib/query-keys.ts';
import { clientKeys } from './client-keys.ts';

export const convertLead = ({
  leadId,
  companyCategory,
}: {
  leadId: string;
  companyCategory: string;
}): Promise<{ client: Client }> =>
  apiRequest<{ client: Client }>(`/api/leads/${encodeURIComponent(leadId)}/convert`, {
    method: 'POST',
    body: { companyCategory },
  });

/** Makes a client of a lead; the lead (now linked to it) and the clients list refresh. */
export const useConvertLead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertLead,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.leads }),
        refreshSummaries(queryClient),
      ]),
  });
};
