import { useQuery } from '@tanstack/react-query';
import type { ConversationsAnswer } from '@leadline/shared/conversations';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversationKeys } from './conversation-keys.ts';
import type { ConversationScope } from './conversation-keys.ts';

export const getNeedsReply = (scope: ConversationScope, signal?: AbortSignal) =>
  apiRequest<ConversationsAnswer>(
    `/api/conversations?${new URLSearchParams({ needsReply: 'true', scope }).toString()}`,
    { signal },
  );

/** The conversations whose last message is the lead's, oldest first. */
export const useNeedsReply = (scope: ConversationScope) =>
  useQuery({
    queryKey: conversationKeys.needsReply(scope),
    queryFn: ({ signal }) => getNeedsReply(scope, signal),
    staleTime: 0,
    refetchInterval: 60_000,
  });
