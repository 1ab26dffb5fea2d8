import { useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@leadline/shared/dashboard';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const dashboardQueryKey = queryKeys.dashboard;

export const getDashboard = (signal?: AbortSignal): Promise<DashboardResponse> =>
  apiRequest<DashboardResponse>('/api/dashboard', { signal });

/**
 * GET /api/dashboard (the organisation's figures, for managers); fetched again whenever the
 * dashboard opens (a summary must be current).
 */
export const useDashboard = (enabled = true) =>
  useQuery({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: 0,
    enabled,
  });
