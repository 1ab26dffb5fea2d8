import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailboxesResponse } from '@leadline/shared/mailboxes';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshMailboxes } from './refresh-mailboxes.ts';

/** POST /api/email/mailboxes/:id/default: sends that name no mailbox go from this one. */
export const makeDefaultMailbox = (id: string): Promise<MailboxesResponse & { message: string }> =>
  apiRequest<MailboxesResponse & { message: string }>(
    `/api/email/mailboxes/${encodeURIComponent(id)}/default`,
    { method: 'POST' },
  );

export const useMakeDefaultMailbox = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeDefaultMailbox,
    onSuccess: () => refreshMailboxes(queryClient),
  });
};
