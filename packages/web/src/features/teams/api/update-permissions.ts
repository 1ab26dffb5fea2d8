import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@leadline/shared/auth';
import type { Permissions } from '@leadline/shared/permissions';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type UpdatePermissionsInput = { id: string; permissions: Permissions };
export type UpdatePermissionsResponse = { message: string; user: PublicUser };

export const updatePermissions = ({
  id,
  permissions,
}: UpdatePermissionsInput): Promise<UpdatePermissionsResponse> =>
  apiRequest<UpdatePermissionsResponse>(`/api/users/${encodeURIComponent(id)}/permissions`, {
    method: 'PUT',
    body: { permissions },
  });

export const useUpdatePermissions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePermissions,
    onSuccess: async () => {
      // The list, and the signed-in user (their sidebar follows their own permissions).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]);
    },
  });
};
