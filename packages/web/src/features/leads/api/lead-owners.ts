import { useQuery } from '@tanstack/react-query';
import type { LeadOwnerOption } from '@leadline/shared/leads';
import { hasPermission } from '@leadline/shared/permissions';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { leadKeys } from './lead-keys.ts';

export const getLeadOwners = (signal?: AbortSignal): Promise<LeadOwnerOption[]> =>
  apiRequest<LeadOwnerOption[]>('/api/leads/owners', { signal });

/**
 * The organisation's users a lead can belong to (GET /api/leads/owners): the owner select, the
 * Owner filter and Assign use it, and other screens filtering leads by owner may too.
 */
export const useLeadOwners = (enabled = true) =>
  useQuery({
    queryKey: leadKeys.owners,
    queryFn: ({ signal }) => getLeadOwners(signal),
    staleTime: 60_000,
    enabled,
  });

/** Select options: active users by name; an inactive user only when `keep` names them. */
export const ownerOptions = (owners: readonly LeadOwnerOption[], keep?: string | null) =>
  owners
    .filter((owner) => owner.active || owner.id === keep)
    .map((owner) => ({
      value: owner.id,
      label: owner.active ? owner.name : `${owner.name} (inactive)`,
    }));

/**
 * The owner select's choices, for a user holding Lead Management (undefined otherwise: the
 * select is not shown). `current`: the lead's owner; blank: `blankLabel` (its creator, say).
 */
export const useOwnerChoices = (current: string | null, blankLabel: string) => {
  const { user } = useSession();
  const allowed = user !== null && hasPermission(user, 'leadManagement');
  const owners = useLeadOwners(allowed);
  if (!allowed) return undefined;
  const choices = ownerOptions(owners.data ?? [], current);
  return current && choices.some((choice) => choice.value === current)
    ? choices
    : [{ value: '', label: blankLabel }, ...choices];
};
