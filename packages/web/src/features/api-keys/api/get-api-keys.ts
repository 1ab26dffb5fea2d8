import { useQuery } from '@tanstack/react-query';
import type { ApiKeyList, OrganizationApiKeyList } from '@leadline/shared/api-keys';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiKeyKeys } from './api-key-keys.ts';

export const getApiKeys = (signal?: AbortSignal): Promise<ApiKeyList> =>
  apiRequest<ApiKeyList>('/api/api-keys', { signal });

export const getOrganizationApiKeys = (signal?: AbortSignal): Promise<OrganizationApiKeyList> =>
  apiRequest<OrganizationApiKeyList>('/api/api-keys/organization', { signal });

/** The signed-in user's own keys, newest first (GET /api/api-keys). */
export const useApiKeys = () =>
  useQuery({ queryKey: apiKeyKeys.mine, queryFn: ({ signal }) => getApiKeys(signal) });

/** Every key of the organisation, with its owner (administrators). */
export const useOrganizationApiKeys = () =>
  useQuery({
    queryKey: apiKeyKeys.organization,
    queryFn: ({ signal }) => getOrganizationApiKeys(signal),
  });
