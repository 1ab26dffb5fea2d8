import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lead } from '@leadline/shared/leads';
import type {
  PipelineColumn,
  PipelineMove,
  PipelineQuery,
  PipelineResponse,
} from '@leadline/shared/pipeline';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys, refreshSummaries } from '../../../lib/query-keys.ts';
import { moveCard, replaceCard } from './board-cache.ts';
import { pipelineKeys } from './get-pipeline.ts';

/** A card and the column it moves to (a lost stage's with the reason). */
export type MoveLeadInput = { lead: Lead; to: PipelineColumn; lostReason?: string };

export const moveLead = ({ lead, to, lostReason }: MoveLeadInput): Promise<Lead> => {
  const body: PipelineMove = to.stage
    ? { stageId: to.stage._id, ...(lostReason === undefined ? {} : { lostReason }) }
    : { status: to.status! };
  return apiRequest<Lead>(`/api/pipeline/leads/${encodeURIComponent(lead._id)}`, {
    method: 'PATCH',
    body,
  });
};

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
    onMutate: async ({ lead, to, lostReason }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PipelineResponse>(key);
      if (before) queryClient.setQueryData(key, moveCard(before, lead, to, lostReason));
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
