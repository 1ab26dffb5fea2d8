import { useQuery } from '@tanstack/react-query';
import type { InboxMessage } from '@leadline/shared/inbox';
import { apiRequest } from '../../../lib/api-client.ts';
import { inboxKeys } from './inbox-keys.ts';

export const getInboxEmail = (id: string, signal?: AbortSignal): Promise<InboxMessage> =>
  apiRequest<InboxMessage>(`/api/email/inbox/${encodeURIComponent(id)}`, { signal });

/** GET /api/email/inbox/:id: one email for the preview pane (an email does not change). */
export const useInboxEmail = (id: string | null) =>
  useQuery({
    queryKey: inboxKeys.email(id ?? ''),
    queryFn: ({ signal }) => getInboxEmail(id!, signal),
    enabled: id !== null,
    staleTime: Infinity,
    retry: false,
  });
