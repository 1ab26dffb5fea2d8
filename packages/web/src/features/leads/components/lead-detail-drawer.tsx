import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Avatar, Button, Divider, Group, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import type { Lead } from '@leadline/shared/leads';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { GuardedDrawer } from '../../../components/discard-guard-drawer.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { MOBILE_QUERY } from '../../../lib/constants.ts';
import { useLead } from '../api/get-lead.ts';
import { LeadActionBar } from './lead-action-bar.tsx';
import type { LeadQuickAction } from './lead-actions.ts';
import { LeadActivity } from './lead-activity.tsx';
import { LeadEmails } from './lead-emails.tsx';
import { DetailSection, LeadDetails } from './lead-details.tsx';
import { LeadEditForm } from './lead-edit-form.tsx';
import { fullName, leadInitials, statusColor } from './lead-status.ts';

/** What other features add to the drawer (composed by the screen): actions and sections. */
export type LeadDrawerSlots = {
  /** Beside Edit (e.g. the client a converted lead became). */
  actions?: (lead: Lead) => ReactNode;
  /** The action bar's Call, Note, Task and Convert (Email and Status are the drawer's own). */
  quickActions?: (lead: Lead) => readonly LeadQuickAction[];
  /** Sections above the activity (calls and notes). */
  sections?: (lead: Lead) => ReactNode;
  /** Tabs beside "Details" (e.g. the lead's conversation); none: no tab list. */
  tabs?: (lead: Lead) => readonly LeadDrawerTab[];
};

/** A tab of the drawer: drawn only while it is chosen (opening it is a visit). */
export type LeadDrawerTab = { value: string; label: ReactNode; render: () => ReactNode };

/** The tab the drawer opens on: "details", or one of the slots' tabs. */
export const DETAILS_TAB = 'details';

type DetailProps = Omit<LeadDrawerSlots, 'tabs'> & {
  lead: Lead;
  canSend: boolean;
  onSend: (lead: Lead) => void;
};

const NO_ACTIONS: readonly LeadQuickAction[] = [];

const LeadDetail = ({ lead, canSend, onSend, actions, quickActions, sections }: DetailProps) => {
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
      {editing ? null : (
        <LeadActionBar
          lead={lead}
          canSend={canSend}
          onEmail={onSend}
          actions={quickActions?.(lead) ?? NO_ACTIONS}
        />
      )}
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

type LeadTabsProps = DetailProps & { tabs: readonly LeadDrawerTab[]; initialTab: string };

/** The details and the slots' tabs; the one chosen first is `initialTab` when it exists. */
const LeadTabs = ({ tabs, initialTab, ...detail }: LeadTabsProps) => {
  const known = tabs.some((tab) => tab.value === initialTab);
  const [tab, setTab] = useState(known ? initialTab : DETAILS_TAB);
  return (
    // The details stay mounted (an edit in progress survives a look at another tab).
    <Tabs value={tab} onChange={(value) => setTab(value ?? DETAILS_TAB)}>
      <Tabs.List mb="md">
        <Tabs.Tab value={DETAILS_TAB}>Details</Tabs.Tab>
        {tabs.map((entry) => (
          <Tabs.Tab key={entry.value} value={entry.value}>
            {entry.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tab === DETAILS_TAB ? null : (
        // Whose tab it is (the details show it in their own header).
        <Text fw={700} mb="sm" truncate>
          {[fullName(detail.lead), detail.lead.companyName].filter(Boolean).join(' · ')}
        </Text>
      )}
      <Tabs.Panel value={DETAILS_TAB}>
        <LeadDetail {...detail} />
      </Tabs.Panel>
      {tabs.map((entry) => (
        <Tabs.Panel key={entry.value} value={entry.value}>
          {tab === entry.value ? entry.render() : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
};

type LeadDetailDrawerProps = LeadDrawerSlots & {
  leadId: string | null;
  onClose: () => void;
  canSend: boolean;
  onSend: (lead: Lead) => void;
  /** The tab it opens on (default: the details). */
  initialTab?: string;
};

/** The lead detail view, opened from the table and linkable through `?lead=<id>`. */
export const LeadDetailDrawer = ({
  leadId,
  onClose,
  canSend,
  onSend,
  actions,
  quickActions,
  sections,
  tabs,
  initialTab = DETAILS_TAB,
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
        tabs ? (
          <LeadTabs
            key={lead.data._id}
            lead={lead.data}
            canSend={canSend}
            onSend={onSend}
            actions={actions}
            quickActions={quickActions}
            sections={sections}
            tabs={tabs(lead.data)}
            initialTab={initialTab}
          />
        ) : (
          <LeadDetail
            key={lead.data._id}
            lead={lead.data}
            canSend={canSend}
            onSend={onSend}
            actions={actions}
            quickActions={quickActions}
            sections={sections}
          />
        )
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
