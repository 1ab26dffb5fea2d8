import { Anchor, Checkbox, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconBrandLinkedin, IconPhone } from '@tabler/icons-react';
import type { CampaignRecipient } from '@leadline/shared/campaigns';
import { isValidUrl, telLink } from '@leadline/shared/leads';
import { formatDateTime } from '../../../lib/format.ts';
import { RecipientStateBadge } from './campaign-look.tsx';

type RecipientsTableProps = {
  recipients: CampaignRecipient[];
  /** LinkedIn and call campaigns: a checkbox per lead instead of the email columns. */
  tasks: {
    /** What the task is: a call shows the lead's phone, a LinkedIn task their profile. */
    kind: 'call' | 'linkedin';
    onToggle: (leadId: string, done: boolean) => void;
    /** The task being saved, shown in its new state meanwhile. */
    pending: { leadId: string; done: boolean } | null;
  } | null;
  busy: boolean;
  empty: string;
};

const stepName = (step: number) => (step === 0 ? 'First email' : `Follow-up ${step}`);

/** What happened last, and what comes next. */
const when = (recipient: CampaignRecipient, tasks: boolean) => {
  const parts: string[] = [];
  if (recipient.sentAt)
    parts.push(`${tasks ? 'Done' : 'Sent'} ${formatDateTime(recipient.sentAt)}`);
  if (recipient.dueAt && !tasks)
    parts.push(`${recipient.sentAt ? 'next' : 'due'} ${formatDateTime(recipient.dueAt)}`);
  return parts.join(' · ') || '—';
};

/** The campaign's leads with their state (queued, sent, failed, replied, unsubscribed, done). */
/** How a task reaches the lead: their phone for a call, their profile for LinkedIn. */
const TaskContact = ({
  kind,
  recipient,
}: {
  kind: 'call' | 'linkedin';
  recipient: CampaignRecipient;
}) => {
  const name = recipient.lead.name || recipient.lead.email;
  if (kind === 'call') {
    return recipient.phone ? (
      <Anchor size="xs" href={telLink(recipient.phone)} aria-label={`Call ${name}`}>
        <Group gap={4} wrap="nowrap" component="span">
          <IconPhone size={12} aria-hidden />
          {recipient.phone}
        </Group>
      </Anchor>
    ) : (
      <Text size="xs" c="dimmed">
        No phone number
      </Text>
    );
  }
  return recipient.profileLink && isValidUrl(recipient.profileLink) ? (
    <Anchor
      size="xs"
      href={recipient.profileLink}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Open ${name}'s profile`}
    >
      <Group gap={4} wrap="nowrap" component="span">
        <IconBrandLinkedin size={12} aria-hidden />
        Open profile
      </Group>
    </Anchor>
  ) : (
    <Text size="xs" c="dimmed">
      No profile link
    </Text>
  );
};

export const RecipientsTable = ({ recipients, tasks, busy, empty }: RecipientsTableProps) => (
  <ScrollArea type="auto">
    <Table
      striped
      highlightOnHover
      verticalSpacing="xs"
      miw={520}
      aria-label="Campaign leads"
      aria-busy={busy}
    >
      <Table.Thead>
        <Table.Tr>
          {tasks ? <Table.Th w={40}>Done</Table.Th> : null}
          <Table.Th>Lead</Table.Th>
          <Table.Th w={130}>State</Table.Th>
          {tasks ? null : <Table.Th>Step</Table.Th>}
          <Table.Th>When</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {recipients.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={4}>
              <Text size="sm" c="dimmed" ta="center" py="md">
                {empty}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : null}
        {recipients.map((recipient) => (
          <Table.Tr key={recipient.lead._id}>
            {tasks ? (
              <Table.Td>
                <Checkbox
                  aria-label={`Task for ${recipient.lead.name} done`}
                  checked={
                    tasks.pending?.leadId === recipient.lead._id
                      ? tasks.pending.done
                      : recipient.state === 'done'
                  }
                  disabled={tasks.pending?.leadId === recipient.lead._id}
                  onChange={(event) =>
                    tasks.onToggle(recipient.lead._id, event.currentTarget.checked)
                  }
                />
              </Table.Td>
            ) : null}
            <Table.Td>
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {recipient.lead.name || recipient.lead.email}
                </Text>
                <Text size="xs" c="dimmed">
                  {[recipient.lead.email, recipient.lead.companyName].filter(Boolean).join(' · ')}
                </Text>
                {tasks ? <TaskContact kind={tasks.kind} recipient={recipient} /> : null}
              </Stack>
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <RecipientStateBadge state={recipient.state} task={tasks !== null} />
              </Group>
              {recipient.error ? (
                <Text size="xs" c="red" maw={260}>
                  {recipient.error}
                </Text>
              ) : null}
            </Table.Td>
            {tasks ? null : (
              <Table.Td>
                <Text size="sm">{stepName(recipient.step)}</Text>
              </Table.Td>
            )}
            <Table.Td>
              <Text size="xs">{when(recipient, tasks !== null)}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </ScrollArea>
);
