/** React Query keys of the conversations feature. */
export const conversationKeys = {
  all: ['conversations'] as const,
  /** A lead's conversation (GET /api/leads/:id/conversation). */
  lead: (leadId: string) => ['conversations', 'lead', leadId] as const,
  /** One message's whole text. */
  message: (leadId: string, messageId: string) =>
    ['conversations', 'lead', leadId, 'message', messageId] as const,
  /** What waits for an answer, the list and the counts. */
  waiting: ['conversations', 'waiting'] as const,
  needsReply: (scope: ConversationScope) => ['conversations', 'waiting', 'list', scope] as const,
  counts: (scope: ConversationScope) => ['conversations', 'waiting', 'counts', scope] as const,
};

/** The caller's own leads, or (managers with the Inbox permission) the team's. */
export type ConversationScope = 'mine' | 'team';
