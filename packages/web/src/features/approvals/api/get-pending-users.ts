import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@leadline/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getPendingUsers = (signal?: AbortSignal): Promise<PublicUser[]> =>
  apiRequest<PublicUser[]>('/api/auth/pending', { signal });

export const usePendingUsers = () =>
  useQuery({
    queryKey: queryKeys.pendingUsers,
    queryFn: ({ signal }) => getPendingUsers(signal),
    retry: false,
  });
