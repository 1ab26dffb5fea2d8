import { SegmentedControl, Stack } from '@mantine/core';
import { canSeeTeamConversations } from '@leadline/shared/conversations';
import { isUuid } from '@leadline/shared/ids';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/session.ts';
import { useStableCallback } from '../../lib/use-stable-callback.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { NeedsReplyList } from '../../features/conversations/components/needs-reply-list.tsx';
import { ConversationDrawer } from './conversation-drawer.tsx';

/** The scope and the lead open in the drawer live in the URL (module constant: stable). */
const VIEW_DEFAULTS = { scope: 'mine', lead: '' };

/**
 * /conversations ("Needs reply"): the conversations whose last message is the lead's, the
 * longest waiting first; a row opens the lead on its Conversation tab. Administrators and
 * sales managers with the Inbox permission switch between their own leads and the team's.
 */
export const ConversationsRoute = () => {
  const { user } = useSession();
  const [view, update] = useUrlState(VIEW_DEFAULTS);
  const onOpen = useStableCallback((leadId: string) => update({ lead: leadId }));
  const onClose = useStableCallback(() => update({ lead: null }));
  if (!user) return null;
  const team = canSeeTeamConversations(user);
  const scope = team && view.scope === 'team' ? 'team' : 'mine';
  return (
    <Stack gap={0} maw={960}>
      <PageHeader
        title="Needs reply"
        description="Conversations whose last message is the lead's, the longest waiting first."
        actions={
          team ? (
            <SegmentedControl
              aria-label="Whose conversations"
              value={scope}
              onChange={(value) => update({ scope: value })}
              data={[
                { value: 'mine', label: 'Mine' },
                { value: 'team', label: 'Team' },
              ]}
            />
          ) : null
        }
      />
      <NeedsReplyList scope={scope} onOpen={onOpen} />
      <ConversationDrawer leadId={isUuid(view.lead) ? view.lead : null} onClose={onClose} />
    </Stack>
  );
};
