import { useQuery } from '@tanstack/react-query';
import type { MailboxesResponse } from '@leadline/shared/mailboxes';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getMailboxes = (signal?: AbortSignal): Promise<MailboxesResponse> =>
  apiRequest<MailboxesResponse>('/api/email/mailboxes', { signal });

/** The signed-in user's mailboxes, the default first (never a password). */
export const useMailboxes = (options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: queryKeys.mailboxes,
    queryFn: ({ signal }) => getMailboxes(signal),
    staleTime: 30_000,
    enabled: options.enabled ?? true,
  });
