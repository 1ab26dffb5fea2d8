import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@leadline/shared/auth';
import type { Permissions } from '@leadline/shared/permissions';
import type { Role } from '@leadline/shared/roles';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type CreateUserBody = {
  name: string;
  email: string;
  password: string;
  role: Role;
  organizationName?: string;
  department?: string;
  permissions: Permissions;
  expiresAt?: string;
};

export type CreateUserResponse = { message: string; user: PublicUser };

/** An administrator creating a user: the same route as sign-up, with the token. */
export const createUser = (body: CreateUserBody): Promise<CreateUserResponse> =>
  apiRequest<CreateUserResponse>('/api/auth/signup', { method: 'POST', body });

export const useCreateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
};
