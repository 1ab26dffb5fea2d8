import { useQuery } from '@tanstack/react-query';
import type { SentEmail } from '@leadline/shared/email';
import { apiRequest } from '../../../lib/api-client.ts';
import { leadKeys } from './lead-keys.ts';

export const LEAD_EMAILS_LIMIT = 20;

export const getLeadEmails = (leadId: string, signal?: AbortSignal): Promise<SentEmail[]> =>
  apiRequest<SentEmail[]>(
    `/api/leads/${encodeURIComponent(leadId)}/emails?limit=${LEAD_EMAILS_LIMIT}`,
    { signal },
  );

/** The emails sent to the lead, newest first. */
export const useLeadEmails = (leadId: string | null) =>
  useQuery({
    queryKey: leadKeys.emails(leadId ?? ''),
    queryFn: ({ signal }) => getLeadEmails(leadId!, signal),
    enabled: leadId !== null,
    staleTime: 0,
  });
