import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreateInput, ApiKeyCreated, ApiKeyRevoked } from '@leadline/shared/api-keys';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiKeyKeys } from './api-key-keys.ts';

/** POST /api/api-keys: the answer holds the key, shown this once. */
export const createApiKey = (body: ApiKeyCreateInput): Promise<ApiKeyCreated> =>
  apiRequest<ApiKeyCreated>('/api/api-keys', { method: 'POST', body });

/** DELETE /api/api-keys/:id: the key stops working at once. */
export const revokeApiKey = (id: string): Promise<ApiKeyRevoked> =>
  apiRequest<ApiKeyRevoked>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });

const useApiKeyChange = <T, R>(change: (input: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
};

export const useCreateApiKey = () => useApiKeyChange(createApiKey);
export const useRevokeApiKey = () => useApiKeyChange(revokeApiKey);
