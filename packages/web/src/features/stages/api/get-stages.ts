import { useQuery } from '@tanstack/react-query';
import type { StagesResponse } from '@leadline/shared/stages';
import { apiRequest } from '../../../lib/api-client.ts';

/** The stages' own key (their edits also refresh every leads query: edit-stages.ts). */
export const stageKeys = { all: ['stages'] as const };

export const getStages = (signal?: AbortSignal) =>
  apiRequest<StagesResponse>('/api/stages', { signal });

/** The organisation's deal stages, in board order. */
export const useStages = () =>
  useQuery({
    queryKey: stageKeys.all,
    queryFn: ({ signal }) => getStages(signal),
    select: (data) => data.stages,
    staleTime: 60_000,
  });
