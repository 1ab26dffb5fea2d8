import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { suppressionKeys } from './suppression-keys.ts';

export const removeSuppression = (id: string): Promise<{ message: string }> =>
  apiRequest<{ message: string }>(`/api/suppression/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

export const useRemoveSuppression = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSuppression,
    onSettled: () => queryClient.invalidateQueries({ queryKey: suppressionKeys.lists }),
  });
};
