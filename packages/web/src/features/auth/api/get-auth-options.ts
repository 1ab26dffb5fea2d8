import { useQuery } from '@tanstack/react-query';
import type { AuthOptions } from '@leadline/shared/accounts';
import { apiRequest } from '../../../lib/api-client.ts';

export const getAuthOptions = (signal?: AbortSignal): Promise<AuthOptions> =>
  apiRequest<AuthOptions>('/api/auth/options', { auth: false, signal });

/** Whether this server can mail password-reset links (the operator set SYSTEM_SMTP_URL). */
export const useAuthOptions = () =>
  useQuery({
    queryKey: ['auth', 'options'],
    queryFn: ({ signal }) => getAuthOptions(signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
