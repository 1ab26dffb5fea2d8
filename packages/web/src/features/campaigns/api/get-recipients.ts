import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RecipientsQuery, RecipientsResponse } from '@leadline/shared/campaigns';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFRESH_MS, campaignKeys } from './campaign-keys.ts';

export const getRecipients = (
  id: string,
  query: RecipientsQuery,
  signal?: AbortSignal,
): Promise<RecipientsResponse> => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return apiRequest<RecipientsResponse>(
    `/api/campaigns/${encodeURIComponent(id)}/recipients?${params.toString()}`,
    { signal },
  );
};

/** A page of the campaign's leads with their states; live while the campaign sends. */
export const useRecipients = (id: string, query: RecipientsQuery, live: boolean) =>
  useQuery({
    queryKey: campaignKeys.recipients(id, query),
    queryFn: ({ signal }) => getRecipients(id, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
