import { useMemo } from 'react';
import { Divider } from '@mantine/core';
import { IconBuildingStore, IconChecklist, IconNote, IconPhoneCall } from '@tabler/icons-react';
import type { Lead } from '@leadline/shared/leads';
import { canUseTemplates, hasPermission } from '@leadline/shared/permissions';
import type { Actor } from '@leadline/shared/permissions';
import {
  ConvertLeadModal,
  ConvertedLeadLink,
} from '../../features/clients/components/convert-lead.tsx';
import { ConversationTab } from '../../features/conversations/components/conversation-tab.tsx';
import type { ReplyTemplateFill } from '../../features/conversations/components/reply-composer.tsx';
import { LinkedMeetings } from '../../features/calendar/components/linked-meetings.tsx';
import { LeadNotes } from '../../features/interactions/components/lead-notes.tsx';
import { NoteForm } from '../../features/interactions/components/note-form.tsx';
import { LeadTasks } from '../../features/tasks/components/lead-tasks.tsx';
import { TaskForm } from '../../features/tasks/components/task-form.tsx';
import { TemplatePicker } from '../../features/templates/components/template-picker.tsx';
import type { LeadQuickAction } from '../../features/leads/components/lead-actions.ts';
import type { LeadDrawerSlots } from '../../features/leads/components/lead-detail-drawer.tsx';
import { DetailSection } from '../../features/leads/components/lead-details.tsx';
import { fullName } from '../../features/leads/components/lead-status.ts';
import { StagePicker } from '../../features/stages/components/stage-picker.tsx';
import { useUpdateLead } from '../../features/leads/api/update-lead.ts';
import { useCustomFields } from '../../features/custom-fields/api/custom-fields.ts';
import { CustomValuesPanel } from '../../features/custom-fields/components/custom-values.tsx';

const ICON = 18;

/** The drawer's Conversation tab (its value, for opening the drawer on it). */
export const CONVERSATION_TAB = 'conversation';

/** "Start from template" for a reply to the lead (its merge fields filled for it). */
export const replyTemplatePicker =
  (leadId: string) => (apply: (template: ReplyTemplateFill) => void) => (
    <TemplatePicker leadId={leadId} onPick={apply} />
  );

/**
 * The action bar's Call, Note, Task and Convert, each shown to those the server lets do it:
 * calls and notes take Leads (the routes' check), tasks any member, converting Add Client.
 */
const quickActionsOf = (lead: Lead, can: { notes: boolean; convert: boolean }) => {
  const actions: LeadQuickAction[] = [];
  if (can.notes) {
    actions.push(
      {
        id: 'call',
        label: 'Call',
        icon: <IconPhoneCall size={ICON} />,
        title: 'Log a call',
        opens: 'panel',
        render: (close) => <NoteForm leadId={lead._id} kind="call" onDone={close} />,
      },
      {
        id: 'note',
        label: 'Note',
        icon: <IconNote size={ICON} />,
        title: 'Add a note',
        opens: 'panel',
        render: (close) => <NoteForm leadId={lead._id} kind="note" onDone={close} />,
      },
    );
  }
  actions.push({
    id: 'task',
    label: 'Task',
    icon: <IconChecklist size={ICON} />,
    title: 'Add a task',
    opens: 'panel',
    render: (close) => <TaskForm leadId={lead._id} onDone={close} />,
  });
  if (can.convert) {
    actions.push({
      id: 'convert',
      label: 'Convert',
      icon: <IconBuildingStore size={ICON} />,
      title: 'Convert to client',
      opens: 'dialog',
      disabledReason: lead.clientId ? 'This lead is already converted into a client' : null,
      render: (close) => <ConvertLeadModal lead={lead} opened onClose={close} />,
    });
  }
  return actions;
};

/**
 * What the lead drawer shows from other features: the action bar's Call, Note, Task and
 * Convert, the client a converted lead became, the lead's tasks and its calls and notes, and
 * the Conversation tab (answering takes Send Email or Inbox, as the server's reply route).
 * Stable while the user's permissions are.
 */
export const useLeadDrawerSlots = (
  user: (Actor & { id?: string; _id?: string }) | null,
): LeadDrawerSlots => {
  // Moving a deal: Lead Management, or the lead's owner (the server's check of every lead write).
  const manages = user !== null && hasPermission(user, 'leadManagement');
  const userId = user?._id ?? user?.id ?? null;
  const canConvert = user !== null && hasPermission(user, 'addClient');
  const canSeeClients = user !== null && hasPermission(user, 'allClients');
  const canNote = user !== null && hasPermission(user, 'leadsTable');
  const canMeet = user !== null && hasPermission(user, 'calendar');
  const canReply =
    user !== null && (hasPermission(user, 'sendEmailPage') || hasPermission(user, 'inbox'));
  const canTemplate = user !== null && canUseTemplates(user);
  // The organisation's lead fields, shown and edited in their own section (the same PUT).
  const customFields = useCustomFields('lead').data;
  const { mutateAsync: updateLead } = useUpdateLead();
  return useMemo(
    () => ({
      tabs: (lead: Lead) => [
        {
          value: CONVERSATION_TAB,
          label: 'Conversation',
          render: () => (
            <ConversationTab
              leadId={lead._id}
              canReply={canReply}
              templatePicker={canTemplate ? replyTemplatePicker(lead._id) : undefined}
            />
          ),
        },
      ],
      actions: (lead: Lead) => <ConvertedLeadLink lead={lead} canSeeClients={canSeeClients} />,
      quickActions: (lead: Lead) => quickActionsOf(lead, { notes: canNote, convert: canConvert }),
      sections: (lead: Lead) => (
        <>
          {customFields && customFields.some((field) => !field.hidden) ? (
            <>
              <Divider />
              <DetailSection title="Custom fields">
                <CustomValuesPanel
                  key={lead._id}
                  fields={customFields}
                  values={lead.custom}
                  idPrefix={`lead-${lead._id}`}
                  onSave={(custom) => updateLead({ id: lead._id, changes: { custom } })}
                />
              </DetailSection>
            </>
          ) : null}
          <Divider />
          <DetailSection title="Deal stage">
            <StagePicker
              lead={lead}
              canEdit={manages || (userId !== null && lead.ownerId === userId)}
            />
          </DetailSection>
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
    [
      canConvert,
      canSeeClients,
      canNote,
      canMeet,
      canReply,
      canTemplate,
      manages,
      userId,
      customFields,
      updateLead,
    ],
  );
};
