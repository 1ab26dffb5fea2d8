import { ASSIGN_NEEDS_PERMISSION, OWN_LEADS_ONLY } from '@leadline/shared/leads';
import { hasPermission } from '@leadline/shared/permissions';
import type { CurrentUser } from '../../caller/current-user.ts';
import { forbidden } from '../../lib/errors.ts';

/** Lead Management: assigning owners and changing other people's leads (Admins hold it). */
export const managesLeads = (actor: CurrentUser): boolean => hasPermission(actor, 'leadManagement');

/**
 * The one check of every write to leads. Without Lead Management the caller may change only
 * leads they own (`owners`: the current owners of the leads written) and give a lead to no one
 * but themselves (`nextOwner`). 403 with the reason otherwise.
 */
export const checkLeadWrite = (
  actor: CurrentUser,
  change: { owners?: readonly (string | null)[]; nextOwner?: string },
): void => {
  if (managesLeads(actor)) return;
  if (change.owners?.some((owner) => owner !== actor.id)) throw forbidden(OWN_LEADS_ONLY);
  if (change.nextOwner !== undefined && change.nextOwner !== actor.id)
    throw forbidden(ASSIGN_NEEDS_PERMISSION);
};
