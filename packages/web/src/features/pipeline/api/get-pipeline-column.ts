import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PipelineColumn,
  PipelineColumnPage,
  PipelineQuery,
  PipelineResponse,
} from '@leadline/shared/pipeline';
import { apiRequest } from '../../../lib/api-client.ts';
import { appendCards } from './board-cache.ts';
import { pipelineKeys, pipelineQueryString } from './get-pipeline.ts';

export type MoreCardsInput = { column: Pick<PipelineColumn, 'key' | 'status'>; cursor: string };

/** A status column's next cards, or a deal stage's. */
export const getPipelineColumn = (query: PipelineQuery, { column, cursor }: MoreCardsInput) =>
  apiRequest<PipelineColumnPage>(
    `${
      column.status
        ? `/api/pipeline/${encodeURIComponent(column.status)}`
        : `/api/pipeline/stages/${encodeURIComponent(column.key)}`
    }?${pipelineQueryString({ ...query, cursor })}`,
  );

/** The next cards of a column, appended to the board's cached copy. */
export const useMoreCards = (query: PipelineQuery) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MoreCardsInput) => getPipelineColumn(query, input),
    onSuccess: (page) =>
      queryClient.setQueryData<PipelineResponse>(pipelineKeys.board(query), (board) =>
        board ? appendCards(board, page.key, page.leads, page.nextCursor) : board,
      ),
  });
};
