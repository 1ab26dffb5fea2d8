import { useNavigate } from 'react-router';
import type { Lead } from '@leadline/shared/leads';
import { hasPermission } from '@leadline/shared/permissions';
import { sendEmailPath } from '../../lib/lead-links.ts';
import { useSession } from '../../lib/session.ts';
import { useStableCallback } from '../../lib/use-stable-callback.ts';
import { LeadDetailDrawer } from '../../features/leads/components/lead-detail-drawer.tsx';
import { CONVERSATION_TAB, useLeadDrawerSlots } from './lead-drawer-slots.tsx';

type ConversationDrawerProps = { leadId: string | null; onClose: () => void };

/**
 * The lead drawer opened on its Conversation tab (Needs reply, the Inbox, the company page):
 * its "Send email" goes to the send page of the lead.
 */
export const ConversationDrawer = ({ leadId, onClose }: ConversationDrawerProps) => {
  const { user } = useSession();
  const navigate = useNavigate();
  const drawerSlots = useLeadDrawerSlots(user);
  const onSend = useStableCallback((lead: Lead) => void navigate(sendEmailPath(lead._id)));
  return (
    <LeadDetailDrawer
      leadId={leadId}
      onClose={onClose}
      canSend={user !== null && hasPermission(user, 'sendEmailPage')}
      onSend={onSend}
      initialTab={CONVERSATION_TAB}
      {...drawerSlots}
    />
  );
};
