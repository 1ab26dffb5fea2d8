import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetByAdminResponse } from '@leadline/shared/accounts';
import type { PublicUser } from '@leadline/shared/auth';
import type { Role } from '@leadline/shared/roles';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

type UserResponse = { message: string; user: PublicUser };
const path = (id: string, action: string) => `/api/users/${encodeURIComponent(id)}/${action}`;

export const changeRole = ({ id, role }: { id: string; role: Role }): Promise<UserResponse> =>
  apiRequest<UserResponse>(path(id, 'role'), { method: 'PUT', body: { role } });

export const setAccountActive = ({ id, active }: { id: string; active: boolean }) =>
  apiRequest<UserResponse>(path(id, active ? 'reactivate' : 'deactivate'), { method: 'POST' });

export const resetUserPassword = (id: string): Promise<ResetByAdminResponse> =>
  apiRequest<ResetByAdminResponse>(path(id, 'reset-password'), { method: 'POST' });

/** A mutation that refreshes the team list (and the activity it wrote) afterwards. */
const useTeamMutation = <TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activity }),
      ]),
  });
};

export const useChangeRole = () => useTeamMutation(changeRole);
export const useSetAccountActive = () => useTeamMutation(setAccountActive);
export const useResetUserPassword = () => useTeamMutation(resetUserPassword);

/** DELETE /api/users/:id/2fa: the member's two-step sign-in is turned off (a lost phone). */
export const resetTwoFactor = (id: string) =>
  apiRequest<{ message: string }>(path(id, '2fa'), { method: 'DELETE' });
export const useResetTwoFactor = () => useTeamMutation(resetTwoFactor);

/** DELETE /api/users/:id: the account goes; its leads go to `successorId` (default: the first Admin). */
export const deleteUser = ({ id, successorId }: { id: string; successorId: string }) =>
  apiRequest<{ message: string }>(
    `/api/users/${encodeURIComponent(id)}${successorId ? `?successorId=${encodeURIComponent(successorId)}` : ''}`,
    { method: 'DELETE' },
  );

export const useDeleteUser = () => useTeamMutation(deleteUser);
