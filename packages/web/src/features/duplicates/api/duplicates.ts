import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DuplicateCheckAnswer,
  DuplicateCheckInput,
  DuplicatePairsAnswer,
  MergeAnswer,
  MergeInput,
  MergeSummary,
  UndoAnswer,
} from '@leadline/shared/duplicates';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys, refreshSummaries } from '../../../lib/query-keys.ts';

export const duplicateKeys = {
  all: ['duplicates'] as const,
  pairs: ['duplicates', 'pairs'] as const,
  merges: ['duplicates', 'merges'] as const,
  check: (values: DuplicateCheckInput) => ['duplicates', 'check', values] as const,
};

export const useDuplicatePairs = () =>
  useQuery({
    queryKey: duplicateKeys.pairs,
    queryFn: ({ signal }) =>
      apiRequest<DuplicatePairsAnswer>('/api/duplicates?entity=lead', { signal }),
  });

export const useRecentMerges = () =>
  useQuery({
    queryKey: duplicateKeys.merges,
    queryFn: ({ signal }) =>
      apiRequest<{ merges: MergeSummary[] }>('/api/duplicates/merges', { signal }),
  });

/** After a merge or its undo: the pairs, the merges, every lead list and the summaries. */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: duplicateKeys.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.leads }),
      refreshSummaries(queryClient),
    ]);
};

export const useMergeLeads = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: MergeInput) =>
      apiRequest<MergeAnswer>('/api/leads/merge', { method: 'POST', body }),
    onSuccess: refresh,
  });
};

export const useUndoMerge = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (mergeId: string) =>
      apiRequest<UndoAnswer>(`/api/leads/merge/${encodeURIComponent(mergeId)}/undo`, {
        method: 'POST',
      }),
    onSuccess: refresh,
  });
};

export const useKeepSeparate = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (pair: { aId: string; bId: string }) =>
      apiRequest<{ message: string }>('/api/duplicates/keep-separate', {
        method: 'POST',
        body: pair,
      }),
    onSuccess: refresh,
  });
};

export const useMergeSameEmail = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ merged: number; mergeIds: string[] }>('/api/duplicates/merge-same-email', {
        method: 'POST',
      }),
    onSuccess: refresh,
  });
};

/** The create form's check (values already debounced by the caller; empty ones left out). */
export const useDuplicateCheck = (values: DuplicateCheckInput) => {
  const filled = Object.fromEntries(
    Object.entries(values).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  ) as Record<string, string>;
  const worthChecking = Boolean(
    filled.personEmail || filled.personLinkedin || filled.phone || filled.personLastName,
  );
  return useQuery({
    queryKey: duplicateKeys.check(filled),
    queryFn: ({ signal }) =>
      apiRequest<DuplicateCheckAnswer>(
        `/api/duplicates/check?${new URLSearchParams(filled).toString()}`,
        { signal },
      ),
    enabled: worthChecking,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};
