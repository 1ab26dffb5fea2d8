import { useQuery } from '@tanstack/react-query';
import type { SetupStatus } from '@leadline/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getSetupStatus = (signal?: AbortSignal): Promise<SetupStatus> =>
  apiRequest<SetupStatus>('/api/auth/setup', { auth: false, signal });

/** Whether /login must offer the one-time "Create the first administrator" form. */
export const useSetupStatus = () =>
  useQuery({
    queryKey: queryKeys.setup,
    queryFn: ({ signal }) => getSetupStatus(signal),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 0,
  });
