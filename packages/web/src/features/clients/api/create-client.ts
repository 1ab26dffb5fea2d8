import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client, ClientData } from '@leadline/shared/clients';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshSummaries } from '../../../lib/query-keys.ts';
import { clientKeys } from './client-keys.ts';

export const createClient = (body: ClientData): Promise<Client> =>
  apiRequest<Client>('/api/clients', { method: 'POST', body });

export const useCreateClient = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
        refreshSummaries(queryClient),
      ]),
  });
};
