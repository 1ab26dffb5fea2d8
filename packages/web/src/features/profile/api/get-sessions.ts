import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionsResponse } from '@leadline/shared/accounts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getSessions = (signal?: AbortSignal): Promise<SessionsResponse> =>
  apiRequest<SessionsResponse>('/api/auth/sessions', { signal });

export const sessionsQueryOptions = queryOptions({
  queryKey: queryKeys.sessions,
  queryFn: ({ signal }) => getSessions(signal),
  staleTime: 0,
});

/** Where the signed-in user is signed in (GET /api/auth/sessions). */
export const useSessions = () => useQuery(sessionsQueryOptions);
