import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type {
  Stage,
  StageCreateInput,
  StagesResponse,
  StageUpdateData,
} from '@leadline/shared/stages';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { stageKeys } from './get-stages.ts';

/** The stages, and every lead screen (the board's columns, a lead's stage) after a change. */
const refresh = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: stageKeys.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.leads }),
  ]);

const useStageMutation = <T, R>(request: (input: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSettled: () => refresh(queryClient) });
};

export const useCreateStage = () =>
  useStageMutation((stage: StageCreateInput) =>
    apiRequest<Stage>('/api/stages', { method: 'POST', body: stage }),
  );

export const useUpdateStage = () =>
  useStageMutation(({ id, changes }: { id: string; changes: StageUpdateData }) =>
    apiRequest<Stage>(`/api/stages/${encodeURIComponent(id)}`, { method: 'PUT', body: changes }),
  );

export const useReorderStages = () =>
  useStageMutation((ids: string[]) =>
    apiRequest<StagesResponse>('/api/stages/order', { method: 'PUT', body: { ids } }),
  );

export const useDeleteStage = () =>
  useStageMutation(({ id, moveTo }: { id: string; moveTo?: string }) =>
    apiRequest<{ message: string; moved: number }>(
      `/api/stages/${encodeURIComponent(id)}${moveTo ? `?moveTo=${encodeURIComponent(moveTo)}` : ''}`,
      { method: 'DELETE' },
    ),
  );
