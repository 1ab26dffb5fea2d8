import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FirstAdminInput, SigninResponse } from '@leadline/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createFirstAdmin = (body: FirstAdminInput): Promise<SigninResponse> =>
  apiRequest<SigninResponse>('/api/auth/setup', { method: 'POST', body, auth: false });

export const useCreateFirstAdmin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFirstAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.setup }),
  });
};
