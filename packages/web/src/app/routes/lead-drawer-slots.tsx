import { useMemo } from 'react';
import { Divider } from '@mantine/core';
import type { Lead } from '@leadline/shared/leads';
import { hasPermission } from '@leadline/shared/permissions';
import type { Actor } from '@leadline/shared/permissions';
import { LinkedMeetings } from '../../features/calendar/components/linked-meetings.tsx';
import { ConvertLead } from '../../features/clients/components/convert-lead.tsx';
import { LeadNotes } from '../../features/interactions/components/lead-notes.tsx';
import { LeadTasks } from '../../features/tasks/components/lead-tasks.tsx';
import type { LeadDrawerSlots } from '../../features/leads/components/lead-detail-drawer.tsx';
import { DetailSection } from '../../features/leads/components/lead-details.tsx';
import { fullName } from '../../features/leads/components/lead-status.ts';

/**
 * What the lead drawer shows from other features: "Convert to client" (or the client it became)
 * the lead's tasks, its calls and notes, and its meetings. Stable while the user's permissions are.
 */
export const useLeadDrawerSlots = (user: Actor | null): LeadDrawerSlots => {
  const canConvert = user !== null && hasPermission(user, 'addClient');
  const canSeeClients = user !== null && hasPermission(user, 'allClients');
  const canMeet = user !== null && hasPermission(user, 'calendar');
  return useMemo(
    () => ({
      actions: (lead: Lead) => (
        <ConvertLead lead={lead} canConvert={canConvert} canSeeClients={canSeeClients} />
      ),
      sections: (lead: Lead) => (
        <>
          <Divider />
          <DetailSection title="Tasks">
            <LeadTasks leadId={lead._id} />
          </DetailSection>
          <Divider />
          <DetailSection title="Calls and notes">
            <LeadNotes leadId={lead._id} />
          </DetailSection>
          {canMeet ? (
            <>
              <Divider />
              <DetailSection title="Meetings">
                <LinkedMeetings
                  link={{
                    kind: 'lead',
                    id: lead._id,
                    name: fullName(lead),
                    email: lead.personEmail,
                  }}
                />
              </DetailSection>
            </>
          ) : null}
        </>
      ),
    }),
    [canConvert, canSeeClients, canMeet],
  );
};
