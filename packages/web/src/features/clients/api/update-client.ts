import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client, ClientUpdateInput } from '@leadline/shared/clients';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshSummaries } from '../../../lib/query-keys.ts';
import { clientKeys } from './client-keys.ts';

export type UpdateClientInput = { id: string; changes: ClientUpdateInput };

export const updateClient = ({ id, changes }: UpdateClientInput): Promise<Client> =>
  apiRequest<Client>(`/api/clients/${encodeURIComponent(id)}`, { method: 'PUT', body: changes });

export const useUpdateClient = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: (client) => {
      queryClient.setQueryData(clientKeys.detail(client._id), client);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.lists }),
        refreshSummaries(queryClient),
      ]);
    },
  });
};
