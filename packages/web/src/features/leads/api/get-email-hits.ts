import { useQuery } from '@tanstack/react-query';
import type { TrackingHit } from '@leadline/shared/tracking';
import { apiRequest } from '../../../lib/api-client.ts';
import { leadKeys } from './lead-keys.ts';

/** GET /api/leads/:id/emails/:emailId/hits: the tracked email's opens and clicks, newest first. */
export const useEmailHits = (leadId: string, emailId: string) =>
  useQuery({
    queryKey: leadKeys.hits(leadId, emailId),
    queryFn: ({ signal }) =>
      apiRequest<{ hits: TrackingHit[] }>(
        `/api/leads/${encodeURIComponent(leadId)}/emails/${encodeURIComponent(emailId)}/hits`,
        { signal },
      ),
    staleTime: 0,
  });
