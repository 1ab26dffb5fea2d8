import { useInfiniteQuery } from '@tanstack/react-query';
import { INBOX_PAGE_SIZE, INBOX_TOTAL_HEADER } from '@leadline/shared/inbox';
import type { InboxEmail } from '@leadline/shared/inbox';
import { apiFetch } from '../../../lib/api-client.ts';
import { inboxKeys } from './inbox-keys.ts';

export type InboxPage = { emails: InboxEmail[]; total: number };

/** One page of GET /api/email/inbox: the emails and, from a header, the size of the inbox. */
export const getInboxPage = async (
  before: string | undefined,
  mailbox: string | undefined,
  signal?: AbortSignal,
): Promise<InboxPage> => {
  const query = new URLSearchParams({ limit: String(INBOX_PAGE_SIZE) });
  if (before) query.set('before', before);
  if (mailbox) query.set('mailbox', mailbox);
  const response = await apiFetch(`/api/email/inbox?${query.toString()}`, { signal });
  const emails = (await response.json()) as InboxEmail[];
  const total = Number(response.headers.get(INBOX_TOTAL_HEADER));
  return { emails, total: Number.isFinite(total) ? total : emails.length };
};

/**
 * The inbox, newest first, a page at a time (keyset on the last email's UID); `mailbox`: one of
 * the user's mailboxes (undefined: the default).
 */
export const useInbox = (mailbox?: string) =>
  useInfiniteQuery({
    queryKey: inboxKeys.list(mailbox ?? ''),
    queryFn: ({ pageParam, signal }) => getInboxPage(pageParam, mailbox, signal),
    initialPageParam: undefined as string | undefined,
    // A short page is the last one.
    getNextPageParam: (lastPage) =>
      lastPage.emails.length < INBOX_PAGE_SIZE ? undefined : lastPage.emails.at(-1)?._id,
    staleTime: 30_000,
    // A mail server that refused once will refuse again: say so at once.
    retry: false,
  });
