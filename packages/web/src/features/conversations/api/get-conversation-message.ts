import { useQuery } from '@tanstack/react-query';
import type { ConversationBody } from '@leadline/shared/conversations';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversationKeys } from './conversation-keys.ts';

export const getConversationMessage = (leadId: string, messageId: string, signal?: AbortSignal) =>
  apiRequest<ConversationBody>(
    `/api/leads/${encodeURIComponent(leadId)}/conversation/messages/${encodeURIComponent(messageId)}`,
    { signal },
  );

/** One message's whole text (HTML for an email sent, text for an answer); a message never changes. */
export const useConversationMessage = (leadId: string, messageId: string) =>
  useQuery({
    queryKey: conversationKeys.message(leadId, messageId),
    queryFn: ({ signal }) => getConversationMessage(leadId, messageId, signal),
    staleTime: Infinity,
  });
