import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshMailboxes } from './refresh-mailboxes.ts';

/** DELETE /api/email/mailboxes/:id: the oldest remaining mailbox becomes the default. */
export const deleteMailbox = (id: string): Promise<{ message: string }> =>
  apiRequest<{ message: string }>(`/api/email/mailboxes/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

export const useDeleteMailbox = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMailbox, onSuccess: () => refreshMailboxes(queryClient) });
};
