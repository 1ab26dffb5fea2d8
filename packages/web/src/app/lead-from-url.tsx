import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Lead } from '@leadline/shared/leads';
import { CenteredLoader } from '../components/centered-loader.tsx';
import { LoadError } from '../components/load-error.tsx';
import { ApiRequestError } from '../lib/api-client.ts';
import { leadIdParam } from '../lib/lead-links.ts';
import { useLead } from '../features/leads/api/get-lead.ts';
import { BackToLeads } from '../features/email/components/back-to-leads.tsx';

export const NO_LEAD = 'No lead data found';

type LeadFromUrlProps = { children: (lead: Lead) => ReactNode };

/**
 * The lead a screen's URL names (?leadId=…), fresh from the server (a row of a loaded leads
 * page shows at once). A missing, malformed or unknown id, or one the user may not read,
 * says "No lead data found"; a failed load offers to try again.
 */
export const LeadFromUrl = ({ children }: LeadFromUrlProps) => {
  const [params] = useSearchParams();
  const leadId = leadIdParam(params);
  const lead = useLead(leadId);
  if (!leadId) return <BackToLeads message={NO_LEAD} />;
  if (lead.data) return children(lead.data);
  if (!lead.isError) return <CenteredLoader label="Loading lead" />;
  if (lead.error instanceof ApiRequestError && lead.error.status < 500) {
    return <BackToLeads message={NO_LEAD} />;
  }
  return (
    <LoadError
      title="Failed to load the lead"
      message={lead.error.message}
      onRetry={() => void lead.refetch()}
      retrying={lead.isFetching}
      maw={560}
    />
  );
};
