import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PipelineQuery, PipelineResponse } from '@leadline/shared/pipeline';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Under the shared leads key: whatever refreshes every lead query refreshes the board too. */
export const pipelineKeys = {
  all: [...queryKeys.leads, 'pipeline'] as const,
  board: (query: PipelineQuery) => [...queryKeys.leads, 'pipeline', query] as const,
};

/** The filters' query string: only the parts that are set. */
export const pipelineQueryString = (query: Readonly<Record<string, unknown>>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (typeof value === 'string' && value.trim() !== '') params.set(key, value);
  return params.toString();
};

export const getPipeline = (query: PipelineQuery, signal?: AbortSignal) =>
  apiRequest<PipelineResponse>(`/api/pipeline?${pipelineQueryString(query)}`, { signal });

/** The board: every column's totals and first cards; the last board stays shown while the next loads. */
export const usePipeline = (query: PipelineQuery) =>
  useQuery({
    queryKey: pipelineKeys.board(query),
    queryFn: ({ signal }) => getPipeline(query, signal),
    placeholderData: keepPreviousData,
  });
