import { useQuery } from '@tanstack/react-query';
import type { UsersResponse } from '@leadline/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getUsers = (signal?: AbortSignal): Promise<UsersResponse> =>
  apiRequest<UsersResponse>('/api/users', { signal });

export const useUsers = () =>
  useQuery({
    queryKey: queryKeys.users,
    queryFn: ({ signal }) => getUsers(signal),
    retry: false,
  });
