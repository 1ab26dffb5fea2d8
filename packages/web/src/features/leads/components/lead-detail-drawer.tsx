import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Avatar, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconSend } from '@tabler/icons-react';
import type { Lead } from '@leadline/shared/leads';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { GuardedDrawer } from '../../../components/discard-guard-drawer.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { MOBILE_QUERY } from '../../../lib/constants.ts';
import { useLead } from '../api/get-lead.ts';
import { LeadActivity } from './lead-activity.tsx';
import { LeadEmails } from './lead-emails.tsx';
import { DetailSection, LeadDetails } from './lead-details.tsx';
import { LeadEditForm } from './lead-edit-form.tsx';
import { fullName, leadInitials, statusColor } from './lead-status.ts';

/** What other features add to the drawer (composed by the screen): actions and sections. */
export type LeadDrawerSlots = {
  /** Beside Send email and Edit. */
  actions?: (lead: Lead) => ReactNode;
  /** Sections above the activity (calls and notes). */
  sections?: (lead: Lead) => ReactNode;
};

type DetailProps = LeadDrawerSlots & {
  lead: Lead;
  canSend: boolean;
  onSend: (lead: Lead) => void;
};

const LeadDetail = ({ lead, canSend, onSend, actions, sections }: DetailProps) => {
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar radius="xl" size={44} color={statusColor(lead.status)} aria-hidden>
            {leadInitials(lead)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {fullName(lead)}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {[lead.personDesignation, lead.companyName].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        </Group>
        {editing ? null : (
          <Group gap="xs">
            {actions?.(lead)}
            {canSend && !lead.mailSent ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconSend size={14} />}
                onClick={() => onSend(lead)}
              >
                Send email
              </Button>
            ) : null}
            <Button
              size="xs"
              leftSection={<IconPencil size={14} />}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
          </Group>
        )}
      </Group>
      {editing ? (
        <LeadEditForm lead={lead} onDone={() => setEditing(false)} />
      ) : (
        <LeadDetails lead={lead} />
      )}
      {sections?.(lead)}
      <Divider />
      <DetailSection title="Activity">
        <LeadActivity leadId={lead._id} />
      </DetailSection>
      <Divider />
      <DetailSection title="Emails">
        <LeadEmails leadId={lead._id} />
      </DetailSection>
    </Stack>
  );
};

type LeadDetailDrawerProps = LeadDrawerSlots & {
  leadId: string | null;
  onClose: () => void;
  canSend: boolean;
  onSend: (lead: Lead) => void;
};

/** The lead detail view, opened from the table and linkable through `?lead=<id>`. */
export const LeadDetailDrawer = ({
  leadId,
  onClose,
  canSend,
  onSend,
  actions,
  sections,
}: LeadDetailDrawerProps) => {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const lead = useLead(leadId);
  const notFound = lead.error instanceof ApiRequestError && lead.error.status < 500;
  return (
    <GuardedDrawer
      opened={leadId !== null}
      onClose={onClose}
      position="right"
      size={mobile ? '100%' : 640}
      title={<Text fw={700}>Lead details</Text>}
      closeButtonProps={{ 'aria-label': 'Close lead details' }}
    >
      {lead.data ? (
        <LeadDetail
          key={lead.data._id}
          lead={lead.data}
          canSend={canSend}
          onSend={onSend}
          actions={actions}
          sections={sections}
        />
      ) : lead.isError ? (
        <Alert color="red" variant="light">
          {notFound ? 'Lead not found' : 'Failed to fetch leads'}
        </Alert>
      ) : (
        <CenteredLoader label="Loading lead" />
      )}
    </GuardedDrawer>
  );
};
