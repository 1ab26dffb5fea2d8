import { useQuery } from '@tanstack/react-query';
import type { MailboxesResponse } from '@leadline/shared/mailboxes';
import { apiRequest } from '../../../lib/api-client.ts';

/** The caller's own mailboxes, for the campaign's Send from (GET /api/email/mailboxes). */
export const useSenderMailboxes = (enabled = true) =>
  useQuery({
    queryKey: ['campaigns', 'sender-mailboxes'],
    queryFn: ({ signal }) => apiRequest<MailboxesResponse>('/api/email/mailboxes', { signal }),
    staleTime: 60_000,
    enabled,
  });
