import { useQuery } from '@tanstack/react-query';
import type { OAuthProvidersResponse } from '@leadline/shared/mail-oauth';
import { apiRequest } from '../../../lib/api-client.ts';
import { mailOAuthKeys } from './mail-oauth-keys.ts';

export const getOAuthProviders = (signal?: AbortSignal): Promise<OAuthProvidersResponse> =>
  apiRequest<OAuthProvidersResponse>('/api/email/oauth', { signal });

/** The providers the operator configured, and the redirect URI to register with them. */
export const useOAuthProviders = () =>
  useQuery({
    queryKey: mailOAuthKeys.providers,
    queryFn: ({ signal }) => getOAuthProviders(signal),
  });
