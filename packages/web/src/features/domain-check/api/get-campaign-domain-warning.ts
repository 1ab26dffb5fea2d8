import { useQuery } from '@tanstack/react-query';
import type { DomainWarning } from '@leadline/shared/domain-check';
import { apiRequest } from '../../../lib/api-client.ts';
import { domainCheckKeys } from './domain-check-keys.ts';

/** GET /api/campaigns/:id/domain-warning: the sender domain lacks SPF or DMARC (or null). */
export const getCampaignDomainWarning = (
  campaignId: string,
  signal?: AbortSignal,
): Promise<{ warning: DomainWarning }> =>
  apiRequest(`/api/campaigns/${encodeURIComponent(campaignId)}/domain-warning`, { signal });

export const useCampaignDomainWarning = (campaignId: string | undefined) =>
  useQuery({
    queryKey: domainCheckKeys.campaignWarning(campaignId ?? ''),
    queryFn: ({ signal }) => getCampaignDomainWarning(campaignId!, signal),
    enabled: Boolean(campaignId),
    staleTime: 60_000,
  });
