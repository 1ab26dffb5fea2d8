import type { RecipientsQuery } from '@leadline/shared/campaigns';

/** React Query keys of the campaigns feature. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: ['campaigns', 'list'] as const,
  details: ['campaigns', 'detail'] as const,
  detail: (id: string) => ['campaigns', 'detail', id] as const,
  tracking: (id: string) => ['campaigns', 'detail', id, 'tracking'] as const,
  recipients: (id: string, query: RecipientsQuery) =>
    ['campaigns', 'detail', id, 'recipients', query] as const,
  leadOptions: (search: string, campaignId: string | null) =>
    ['campaigns', 'lead-options', search, campaignId] as const,
  audience: (body: object) => ['campaigns', 'audience', body] as const,
};

/** While a campaign sends, its figures are read again this often. */
export const LIVE_REFRESH_MS = 3000;
