import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailboxSaveInput } from '@leadline/shared/mailboxes';
import { apiRequest } from '../../../lib/api-client.ts';
import type { MailboxAnswer } from './add-mailbox.ts';
import { refreshMailboxes } from './refresh-mailboxes.ts';

export type EditMailboxRequest = { id: string; body: MailboxSaveInput };

/** PUT /api/email/mailboxes/:id: settings are logged in to first; a blank password keeps it. */
export const editMailbox = ({ id, body }: EditMailboxRequest): Promise<MailboxAnswer> =>
  apiRequest<MailboxAnswer>(`/api/email/mailboxes/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });

export const useEditMailbox = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editMailbox, onSuccess: () => refreshMailboxes(queryClient) });
};
