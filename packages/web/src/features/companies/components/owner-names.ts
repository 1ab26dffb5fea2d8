import type { CompanyOwner } from '@leadline/shared/companies';

/** "Ana Rep, Ben Rep" (or a dash when nobody owns its contacts). */
export const ownerNames = (owners: readonly CompanyOwner[]): string =>
  owners.length === 0 ? '—' : owners.map((owner) => owner.name).join(', ');
