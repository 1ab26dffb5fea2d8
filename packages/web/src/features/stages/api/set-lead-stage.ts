import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lead } from '@leadline/shared/leads';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys, refreshSummaries } from '../../../lib/query-keys.ts';

export type LeadStageInput = { leadId: string; stageId: string | null; lostReason?: string };

/** PUT /api/leads/:id with the deal stage (null: back to the lead's status column). */
export const setLeadStage = ({ leadId, stageId, lostReason }: LeadStageInput): Promise<Lead> =>
  apiRequest<Lead>(`/api/leads/${encodeURIComponent(leadId)}`, {
    method: 'PUT',
    body: { stageId, ...(lostReason === undefined ? {} : { lostReason }) },
  });

/** A lead's stage changed from the drawer: every lead screen (board, drawer, history) refreshes. */
export const useSetLeadStage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLeadStage,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.leads }),
        refreshSummaries(queryClient),
      ]),
  });
};
