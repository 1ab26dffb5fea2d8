import { useQuery } from '@tanstack/react-query';
import type { ActivityEntry } from '@leadline/shared/activity';
import { apiRequest } from '../../../lib/api-client.ts';
import { leadKeys } from './lead-keys.ts';

export const LEAD_ACTIVITY_LIMIT = 20;

export const getLeadActivity = (leadId: string, signal?: AbortSignal): Promise<ActivityEntry[]> =>
  apiRequest<ActivityEntry[]>(
    `/api/leads/${encodeURIComponent(leadId)}/activity?limit=${LEAD_ACTIVITY_LIMIT}`,
    { signal },
  );

/** The lead's own activity entries, newest first. */
export const useLeadActivity = (leadId: string | null) =>
  useQuery({
    queryKey: leadKeys.activity(leadId ?? ''),
    queryFn: ({ signal }) => getLeadActivity(leadId!, signal),
    enabled: leadId !== null,
    staleTime: 0,
  });
