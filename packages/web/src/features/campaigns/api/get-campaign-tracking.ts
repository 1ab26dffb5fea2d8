import { useQuery } from '@tanstack/react-query';
import type { TrackingSummary } from '@leadline/shared/tracking';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignKeys } from './campaign-keys.ts';

/** GET /api/campaigns/:id/tracking: opens and clicks of the campaign's tracked emails. */
export const useCampaignTracking = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: campaignKeys.tracking(id),
    queryFn: ({ signal }) =>
      apiRequest<{ tracking: TrackingSummary }>(
        `/api/campaigns/${encodeURIComponent(id)}/tracking`,
        { signal },
      ),
    enabled,
  });
