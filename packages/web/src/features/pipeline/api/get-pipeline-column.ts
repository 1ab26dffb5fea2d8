import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadStatus } from '@leadline/shared/leads';
import type {
  PipelineColumnPage,
  PipelineQuery,
  PipelineResponse,
} from '@leadline/shared/pipeline';
import { apiRequest } from '../../../lib/api-client.ts';
import { appendCards } from './board-cache.ts';
import { pipelineKeys, pipelineQueryString } from './get-pipeline.ts';

export type MoreCardsInput = { status: LeadStatus; cursor: string };

export const getPipelineColumn = (query: PipelineQuery, { status, cursor }: MoreCardsInput) =>
  apiRequest<PipelineColumnPage>(
    `/api/pipeline/${encodeURIComponent(status)}?${pipelineQueryString({ ...query, cursor })}`,
  );

/** The next cards of a column, appended to the board's cached copy. */
export const useMoreCards = (query: PipelineQuery) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MoreCardsInput) => getPipelineColumn(query, input),
    onSuccess: (page) =>
      queryClient.setQueryData<PipelineResponse>(pipelineKeys.board(query), (board) =>
        board ? appendCards(board, page.status, page.leads, page.nextCursor) : board,
      ),
  });
};
