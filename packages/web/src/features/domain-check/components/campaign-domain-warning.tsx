import { Alert } from '@mantine/core';
import { useCampaignDomainWarning } from '../api/get-campaign-domain-warning.ts';

/** Before a campaign sends: the sender domain lacks SPF or DMARC (nothing when it has both). */
export const CampaignDomainWarning = ({ campaignId }: { campaignId: string | undefined }) => {
  const warning = useCampaignDomainWarning(campaignId).data?.warning;
  if (!warning) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={`${warning.domain}: no ${warning.missing.join(' or ')}`}
    >
      {warning.message}
    </Alert>
  );
};
