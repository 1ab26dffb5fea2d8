import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowUpInput } from '@leadline/shared/email';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/email/follow-up: threaded under the original with In-Reply-To and References. */
export const sendFollowUp = (body: FollowUpInput): Promise<{ message?: string }> =>
  apiRequest<{ message?: string }>('/api/email/follow-up', { method: 'POST', body });

export const useSendFollowUp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFollowUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.leads }),
  });
};
