import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailProtocol } from '@leadline/shared/email';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { emailKeys } from './email-keys.ts';

/** DELETE /api/email/config?protocol=smtp|imap */
export const deleteEmailConfig = (protocol: MailProtocol): Promise<{ message: string }> =>
  apiRequest<{ message: string }>(`/api/email/config?protocol=${protocol}`, { method: 'DELETE' });

export const useDeleteEmailConfig = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmailConfig,
    // The default mailbox is one of the mailboxes listed with it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: emailKeys.config }),
        queryClient.invalidateQueries({ queryKey: queryKeys.mailboxes }),
      ]),
  });
};
