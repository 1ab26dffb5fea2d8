import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lead, LeadStatus } from '@leadline/shared/leads';
import type { PipelineQuery, PipelineResponse } from '@leadline/shared/pipeline';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys, refreshSummaries } from '../../../lib/query-keys.ts';
import { moveCard, replaceCard } from './board-cache.ts';
import { pipelineKeys } from './get-pipeline.ts';

export type MoveLeadInput = { lead: Lead; status: LeadStatus };

export const moveLead = ({ lead, status }: MoveLeadInput): Promise<Lead> =>
  apiRequest<Lead>(`/api/pipeline/leads/${encodeURIComponent(lead._id)}`, {
    method: 'PATCH',
    body: { status },
  });

/**
 * A card moved to another column: the board changes at once (counts and values too); a refusal
 * puts the board back as it was. On success the other lead screens are marked stale, the board
 * itself keeps the cards the user scrolled to.
 */
export const useMoveLead = (query: PipelineQuery) => {
  const queryClient = useQueryClient();
  const key = pipelineKeys.board(query);
  return useMutation({
    mutationFn: moveLead,
    onMutate: async ({ lead, status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PipelineResponse>(key);
      if (before) queryClient.setQueryData(key, moveCard(before, lead, status));
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: async (lead) => {
      queryClient.setQueryData<PipelineResponse>(key, (board) =>
        board ? replaceCard(board, lead) : board,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.leads, refetchType: 'none' }),
        refreshSummaries(queryClient),
      ]);
    },
  });
};
