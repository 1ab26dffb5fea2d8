import { useQuery } from '@tanstack/react-query';
import type { InboxMessage } from '@leadline/shared/inbox';
import { apiRequest } from '../../../lib/api-client.ts';
import { inboxKeys } from './inbox-keys.ts';
import { mailboxQuery } from './mailbox-query.ts';

export const getInboxEmail = (
  id: string,
  mailbox: string | undefined,
  signal?: AbortSignal,
): Promise<InboxMessage> =>
  apiRequest<InboxMessage>(`/api/email/inbox/${encodeURIComponent(id)}${mailboxQuery(mailbox)}`, {
    signal,
  });

/** GET /api/email/inbox/:id: one email for the preview pane (an email does not change). */
export const useInboxEmail = (id: string | null, mailbox?: string) =>
  useQuery({
    queryKey: inboxKeys.email(id ?? '', mailbox ?? ''),
    queryFn: ({ signal }) => getInboxEmail(id!, mailbox, signal),
    enabled: id !== null,
    staleTime: Infinity,
    retry: false,
  });
