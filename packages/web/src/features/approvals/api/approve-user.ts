import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@leadline/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ApproveUserInput = { id: string; expiresAt: string };
export type ApproveUserResponse = { message: string; user: PublicUser };

export const approveUser = ({ id, expiresAt }: ApproveUserInput): Promise<ApproveUserResponse> =>
  apiRequest<ApproveUserResponse>(`/api/users/approve/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { expiresAt },
  });

export const useApproveUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
};
