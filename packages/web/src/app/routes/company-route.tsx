import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { isUuid } from '@leadline/shared/ids';
import { hasPermission } from '@leadline/shared/permissions';
import { BackTitle } from '../../components/back-title.tsx';
import { ChooseOrganization } from '../../components/choose-organization.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useOrganizationChoice } from '../../lib/organization-choice.ts';
import { useSession } from '../../lib/session.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { useCompany } from '../../features/companies/api/get-companies.ts';
import { useCompanyConversation } from '../../features/companies/api/get-company-conversation.ts';
import { CompanyContacts } from '../../features/companies/components/company-contacts.tsx';
import { CompanyConversation } from '../../features/companies/components/company-conversation.tsx';
import { CompanyMeetings } from '../../features/companies/components/company-history.tsx';
import { ownerNames } from '../../features/companies/components/owner-names.ts';
import { bulkEmailState } from '../../features/leads/components/bulk-email.ts';
import { ConversationDrawer } from './conversation-drawer.tsx';

/** `lead`: the lead whose conversation is open in the drawer. */
const VIEW_DEFAULTS = { lead: '' };

type ConversationsSectionProps = { companyKey: string; organization: string | null };

/**
 * The company's conversations; a lead's name opens its drawer on the Conversation tab (for
 * those who may read leads). Closing the drawer reads the timeline again (a reply may be new).
 */
const ConversationsSection = ({ companyKey, organization }: ConversationsSectionProps) => {
  const { user } = useSession();
  const [view, update] = useUrlState(VIEW_DEFAULTS);
  const conversation = useCompanyConversation(companyKey, organization, true);
  const canOpen = user !== null && hasPermission(user, 'leadsTable');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Conversations">
      <Title order={3} size="h4" mb="sm">
        Conversations
      </Title>
      {conversation.isError ? (
        <LoadError
          title="Could not load the conversations"
          message={errorMessage(conversation.error, 'Please try again.')}
          retrying={conversation.isFetching}
          onRetry={() => void conversation.refetch()}
        />
      ) : conversation.data ? (
        <CompanyConversation
          answer={conversation.data}
          onOpenLead={canOpen ? (leadId) => update({ lead: leadId }) : undefined}
        />
      ) : (
        <Skeleton h={120} radius="md" />
      )}
      {canOpen ? (
        <ConversationDrawer
          leadId={isUuid(view.lead) ? view.lead : null}
          onClose={() => {
            update({ lead: null });
            void conversation.refetch();
          }}
        />
      ) : null}
    </Paper>
  );
};

/**
 * /companies/:key: a company's contacts (select some for a bulk email, handed to
 * /send-bulk-email as the leads table hands its selection), their conversations and
 * meetings.
 */
export const CompanyRoute = () => {
  const key = useParams().key ?? '';
  const navigate = useNavigate();
  const { user } = useSession();
  const organization = useOrganizationChoice();
  const needsOrganization = user?.role === 'Super Admin' && !organization;
  const company = useCompany(key, organization, !needsOrganization && key !== '');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const back = (
    <BackTitle
      title={company.data?.company.name ?? 'Company'}
      description={company.data?.company.domain ?? 'Known by its name'}
      backTo="/companies"
      backLabel="Back to companies"
    />
  );
  if (needsOrganization) return <ChooseOrganization purpose="see its companies" />;
  if (company.isError)
    return (
      <Stack gap="md">
        {back}
        <LoadError
          title="Could not open this company"
          message={errorMessage(company.error, 'Please try again.')}
          retrying={company.isFetching}
          onRetry={() => void company.refetch()}
        />
      </Stack>
    );
  if (!company.data)
    return (
      <Stack gap="md">
        {back}
        <Skeleton h={320} radius="md" />
      </Stack>
    );

  const { contacts, meetings, company: summary } = company.data;
  const chosen = contacts.filter((lead) => selected.has(lead._id));
  const bulk = bulkEmailState(chosen);
  const canSend = user ? hasPermission(user, 'sendBulkEmail') : false;
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected(
      chosen.length === contacts.length ? new Set() : new Set(contacts.map((lead) => lead._id)),
    );

  return (
    <Stack gap="md">
      {back}
      <Text size="sm" c="dimmed">
        {summary.contacts} {summary.contacts === 1 ? 'contact' : 'contacts'} · Owners:{' '}
        {ownerNames(summary.owners)} · Last email: {formatDateTime(summary.lastEmailAt, 'none')} ·
        Last activity: {formatDateTime(summary.lastActivityAt)}
      </Text>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={3} size="h4">
            Contacts
          </Title>
          {canSend ? (
            <Button
              leftSection={<IconMail size={16} />}
              disabled={bulk.disabled}
              onClick={() => {
                if (bulk.disabled) return;
                void navigate('/send-bulk-email', {
                  state: { leads: bulk.leads, type: bulk.type },
                });
              }}
            >
              {bulk.label}
            </Button>
          ) : null}
        </Group>
        {canSend && bulk.note ? (
          <Text size="sm" c="dimmed" mb="sm">
            {bulk.note}
          </Text>
        ) : null}
        <CompanyContacts
          contacts={contacts}
          selected={selected}
          onToggle={toggle}
          onToggleAll={toggleAll}
        />
      </Paper>
      <ConversationsSection companyKey={key} organization={organization} />
      {/* The conversations above hold every email to and from the contacts, threaded. */}
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h4" mb="sm">
          Meetings
        </Title>
        <CompanyMeetings meetings={meetings} />
      </Paper>
    </Stack>
  );
};
