import { useQuery } from '@tanstack/react-query';
import type { LeadOwnerOption } from '@leadline/shared/leads';
import { apiRequest } from '../../../lib/api-client.ts';

/** The users leads can belong to, for the audience's Owner filter (GET /api/leads/owners). */
export const useAudienceOwners = (enabled = true) =>
  useQuery({
    queryKey: ['campaigns', 'audience-owners'],
    queryFn: ({ signal }) => apiRequest<LeadOwnerOption[]>('/api/leads/owners', { signal }),
    staleTime: 60_000,
    enabled,
  });
