import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@leadline/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getMe = (signal?: AbortSignal): Promise<PublicUser> =>
  apiRequest<PublicUser>('/api/auth/me', { signal });

export const meQueryOptions = queryOptions({
  queryKey: queryKeys.me,
  queryFn: ({ signal }) => getMe(signal),
  refetchOnWindowFocus: true,
  staleTime: 0,
});

/** The signed-in user, fresh from the server (GET /api/auth/me). */
export const useMe = (enabled = true) => useQuery({ ...meQueryOptions, enabled });
