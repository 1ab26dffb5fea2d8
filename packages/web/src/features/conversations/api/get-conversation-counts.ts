import { useQuery } from '@tanstack/react-query';
import type { ConversationCounts } from '@leadline/shared/conversations';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversationKeys } from './conversation-keys.ts';
import type { ConversationScope } from './conversation-keys.ts';

export const getConversationCounts = (scope: ConversationScope, signal?: AbortSignal) =>
  apiRequest<ConversationCounts>(
    `/api/conversations/counts?${new URLSearchParams({ scope }).toString()}`,
    { signal },
  );

/** How many conversations wait for an answer, for the navigation: asked again every minute. */
export const useConversationCounts = (scope: ConversationScope = 'mine') =>
  useQuery({
    queryKey: conversationKeys.counts(scope),
    queryFn: ({ signal }) => getConversationCounts(scope, signal),
    refetchInterval: 60_000,
  });
