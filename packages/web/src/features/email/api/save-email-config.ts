import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailConfigInput } from '@leadline/shared/email';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { emailKeys } from './email-keys.ts';

/** POST /api/email/config: the server logs in first and answers why when it cannot. */
export const saveEmailConfig = (body: EmailConfigInput): Promise<{ message: string }> =>
  apiRequest<{ message: string }>('/api/email/config', { method: 'POST', body });

export const useSaveEmailConfig = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailConfig,
    // The default mailbox is one of the mailboxes listed with it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: emailKeys.config }),
        queryClient.invalidateQueries({ queryKey: queryKeys.mailboxes }),
      ]),
  });
};
