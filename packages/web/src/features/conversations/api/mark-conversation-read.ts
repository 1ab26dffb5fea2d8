import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversationKeys } from './conversation-keys.ts';

export const markConversationRead = (leadId: string) =>
  apiRequest<{ read: number }>(`/api/leads/${encodeURIComponent(leadId)}/conversation/read`, {
    method: 'POST',
  });

/**
 * The lead's answers are read (its conversation was opened): the counts and the needs-reply
 * list refresh; the conversation on screen keeps its "New" marks until it is opened again.
 */
export const useMarkConversationRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.waiting }),
  });
};
