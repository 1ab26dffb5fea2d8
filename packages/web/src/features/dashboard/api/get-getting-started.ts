import { useQuery } from '@tanstack/react-query';
import type { GettingStarted } from '@leadline/shared/organization';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Under the dashboard's key: refreshed whenever the dashboard's figures are. */
export const gettingStartedQueryKey = [...queryKeys.dashboard, 'getting-started'] as const;

export const getGettingStarted = (signal?: AbortSignal): Promise<GettingStarted> =>
  apiRequest<GettingStarted>('/api/organizations/getting-started', { signal });

/** GET /api/organizations/getting-started: which first steps are done. */
export const useGettingStarted = (enabled: boolean) =>
  useQuery({
    queryKey: gettingStartedQueryKey,
    queryFn: ({ signal }) => getGettingStarted(signal),
    enabled,
    staleTime: 0,
  });
