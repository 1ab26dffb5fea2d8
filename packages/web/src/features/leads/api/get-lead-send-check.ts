import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { leadKeys } from './lead-keys.ts';

export type LeadSendCheck = { suppressed: string | null };

/**
 * Whether the organisation's suppression list refuses a new email to the lead (the refusal's
 * words), for those who may send; refetched with the lead after a send.
 */
export const useLeadSendCheck = (leadId: string, enabled: boolean) =>
  useQuery({
    queryKey: leadKeys.sendCheck(leadId),
    queryFn: ({ signal }) =>
      apiRequest<LeadSendCheck>(`/api/leads/${encodeURIComponent(leadId)}/send-check`, {
        signal,
      }),
    enabled,
    staleTime: 0,
  });
