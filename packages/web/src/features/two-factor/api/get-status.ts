import { useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@leadline/shared/two-factor';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getTwoFactorStatus = (signal?: AbortSignal): Promise<TwoFactorStatus> =>
  apiRequest<TwoFactorStatus>('/api/auth/2fa', { signal });

/** Whether the caller's two-step sign-in is on, and how many recovery codes are left. */
export const useTwoFactorStatus = () =>
  useQuery({ queryKey: queryKeys.twoFactor, queryFn: ({ signal }) => getTwoFactorStatus(signal) });
