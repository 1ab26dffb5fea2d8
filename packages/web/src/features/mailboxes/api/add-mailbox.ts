import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Mailbox, MailboxSaveInput } from '@leadline/shared/mailboxes';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshMailboxes } from './refresh-mailboxes.ts';

export type MailboxAnswer = { message: string; mailbox: Mailbox };

/** POST /api/email/mailboxes: the server logs in to the servers sent first. */
export const addMailbox = (body: MailboxSaveInput): Promise<MailboxAnswer> =>
  apiRequest<MailboxAnswer>('/api/email/mailboxes', { method: 'POST', body });

export const useAddMailbox = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addMailbox, onSuccess: () => refreshMailboxes(queryClient) });
};
