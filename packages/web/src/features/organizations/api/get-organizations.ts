import { useQuery } from '@tanstack/react-query';
import type { OrganizationSummary } from '@leadline/shared/organization';
import { apiRequest } from '../../../lib/api-client.ts';

export const organizationsQueryKey = ['organizations'] as const;

export const getOrganizations = (signal?: AbortSignal): Promise<OrganizationSummary[]> =>
  apiRequest<OrganizationSummary[]>('/api/organizations', { signal });

/** GET /api/organizations: a Super Admin's every organisation (the switcher's choices). */
export const useOrganizations = (enabled: boolean) =>
  useQuery({
    queryKey: organizationsQueryKey,
    queryFn: ({ signal }) => getOrganizations(signal),
    enabled,
    staleTime: 30_000,
  });
