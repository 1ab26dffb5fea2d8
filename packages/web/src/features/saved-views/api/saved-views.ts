import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SavedView,
  SavedViewEntity,
  SavedViewInput,
  SavedViewUpdateInput,
} from '@leadline/shared/saved-views';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// Under the leads key: a change to any lead refreshes the views' counts too.
export const savedViewKeys = {
  all: [...queryKeys.leads, 'saved-views'] as const,
  list: () => [...queryKeys.leads, 'saved-views', 'list'] as const,
  one: (id: string) => [...queryKeys.leads, 'saved-views', 'one', id] as const,
};

/** The caller's views and the shared ones, with their counts (refreshed each minute). */
export const useSavedViews = (enabled = true) =>
  useQuery({
    queryKey: savedViewKeys.list(),
    queryFn: ({ signal }) => apiRequest<{ views: SavedView[] }>('/api/saved-views', { signal }),
    enabled,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });

export const useSavedView = (id: string | null) =>
  useQuery({
    queryKey: savedViewKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<SavedView>(`/api/saved-views/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    retry: false,
  });

const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: savedViewKeys.all });
};

export const useCreateView = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SavedViewInput & { entity: SavedViewEntity }) =>
      apiRequest<SavedView>('/api/saved-views', { method: 'POST', body }),
    onSuccess: refresh,
  });
};

export const useUpdateView = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: SavedViewUpdateInput }) =>
      apiRequest<SavedView>(`/api/saved-views/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: changes,
      }),
    onSuccess: refresh,
  });
};

export const useDeleteView = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>(`/api/saved-views/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: refresh,
  });
};
