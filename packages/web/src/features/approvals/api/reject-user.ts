import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type RejectUserResponse = { message: string };

export const rejectUser = (id: string): Promise<RejectUserResponse> =>
  apiRequest<RejectUserResponse>(`/api/users/reject/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

export const useRejectUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
};
