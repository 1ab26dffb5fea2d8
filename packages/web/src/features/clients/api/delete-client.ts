import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshSummaries } from '../../../lib/query-keys.ts';
import { clientKeys } from './client-keys.ts';

export const deleteClient = (id: string): Promise<{ message: string }> =>
  apiRequest<{ message: string }>(`/api/clients/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

/** Deletes one client or several (one request each: at most a page of ten). */
export const deleteClients = async (ids: readonly string[]): Promise<{ failed: number }> => {
  const results = await Promise.allSettled(ids.map((id) => deleteClient(id)));
  const failed = results.filter((result) => result.status === 'rejected').length;
  if (failed === ids.length && results[0]?.status === 'rejected') throw results[0].reason;
  return { failed };
};

export const useDeleteClients = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClients,
    onSettled: (_data, _error, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: clientKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.lists }),
        refreshSummaries(queryClient),
      ]);
    },
  });
};
