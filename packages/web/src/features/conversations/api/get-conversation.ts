import { useQuery } from '@tanstack/react-query';
import type { ConversationAnswer } from '@leadline/shared/conversations';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversationKeys } from './conversation-keys.ts';

export const getConversation = (leadId: string, signal?: AbortSignal) =>
  apiRequest<ConversationAnswer>(`/api/leads/${encodeURIComponent(leadId)}/conversation`, {
    signal,
  });

/** Every message to and from the lead, oldest first, each with its thread. */
export const useConversation = (leadId: string) =>
  useQuery({
    queryKey: conversationKeys.lead(leadId),
    queryFn: ({ signal }) => getConversation(leadId, signal),
    staleTime: 0,
  });
