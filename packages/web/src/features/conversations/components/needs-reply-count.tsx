import { Badge } from '@mantine/core';
import { useConversationCounts } from '../api/get-conversation-counts.ts';

/** The navigation's count of your conversations waiting for an answer (none: nothing shown). */
export const NeedsReplyCount = () => {
  const counts = useConversationCounts('mine');
  const count = counts.data?.needsReply ?? 0;
  if (count === 0) return null;
  return (
    <Badge
      size="sm"
      variant="filled"
      color="blue"
      circle={count < 10}
      data-testid="needs-reply-count"
    >
      {count}
    </Badge>
  );
};
