import type { DomainWarning } from '@leadline/shared/domain-check';
import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { domainWarningFor } from '../domain-check/service.ts';
import { loadCampaign } from './store/scope.ts';

/**
 * GET /api/campaigns/:id/domain-warning: before sending, whether one of the mailboxes the
 * campaign sends from (its creator's default, or those it names) is on a domain without SPF or
 * DMARC (from its domain check).
 */
export const campaignDomainWarning = async (
  db: Db,
  actor: CurrentUser,
  id: string,
): Promise<{ warning: DomainWarning }> => {
  const campaign = await loadCampaign(db, actor, id.toLowerCase());
  return {
    warning: campaign.createdBy
      ? await domainWarningFor(db, campaign.createdBy, campaign.mailboxIds)
      : null,
  };
};
