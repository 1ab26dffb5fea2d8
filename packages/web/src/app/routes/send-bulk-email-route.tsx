import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { NO_LEADS_SELECTED } from '@leadline/shared/email';
import {
  MIXED_SELECTION,
  bulkEmailPageStateSchema,
  bulkTypeOf,
} from '@leadline/shared/email-compose';
import { PageHeader } from '../../components/page-header.tsx';
import { BackToLeads } from '../../features/email/components/back-to-leads.tsx';
import { BulkProgressOverlay } from '../../features/email/components/bulk-progress-overlay.tsx';
import { EmailComposer } from '../../features/email/components/email-composer.tsx';
import type {
  ComposerDraft,
  SendOutcome,
} from '../../features/email/components/email-composer.tsx';
import { useBulkRun } from '../../features/email/components/use-bulk-run.ts';
import { useFromMailbox } from '../../features/mailboxes/components/from-mailbox.tsx';
import { TemplatePicker } from '../../features/templates/components/template-picker.tsx';

const SHOWN_RECIPIENTS = 6;

/**
 * /send-bulk-email: the leads and type handed over by the leads table, the composer's bulk
 * mode, then the server's run with its overlay and summary.
 */
const BULK_FOLLOW_UP_FROM = {
  label: "Each lead's last email's mailbox",
  description:
    "Each follow-up goes from the mailbox the lead's last email went from unless you pick one.",
};

export const SendBulkEmailRoute = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const run = useBulkRun();
  const { leads, type: requested } = useMemo(
    () => bulkEmailPageStateSchema.parse(location.state),
    [location.state],
  );
  const type = bulkTypeOf(leads);
  const alreadySent = leads.filter((lead) => lead.mailSent).length;
  // Follow-ups go from the mailbox each lead's last email went from unless one is picked.
  const from = useFromMailbox(type === 'followup' ? { unchosen: BULK_FOLLOW_UP_FROM } : {});

  const overlay = run.phase ? (
    <BulkProgressOverlay
      job={run.job}
      phase={run.phase}
      outcome={run.outcome}
      stopping={run.stopping}
      onStop={run.stop}
      resuming={run.resuming}
      onResume={run.resume}
      onLeave={() => void navigate('/leads-table')}
      onClose={run.close}
    />
  ) : null;

  if (leads.length === 0) {
    return (
      <>
        {overlay}
        {run.phase && run.job ? (
          <PageHeader title="Send Bulk Emails" description={`Sending “${run.job.subject}”`} />
        ) : (
          <BackToLeads message="No leads selected. Please go back and select leads." />
        )}
      </>
    );
  }
  if (!type || (requested && requested !== type)) {
    return (
      <>
        {overlay}
        <BackToLeads message={MIXED_SELECTION} />
      </>
    );
  }

  const onSend = async ({ subject, body, font, track }: ComposerDraft): Promise<SendOutcome> => {
    const ids = leads.map((lead) => lead._id);
    if (ids.length === 0) return { ok: false, error: NO_LEADS_SELECTED };
    const failure = await run.start({
      leadIds: ids,
      subject,
      body,
      font,
      type,
      ...(track === undefined ? {} : { track }),
      ...(from.mailboxId ? { mailboxId: from.mailboxId } : {}),
    });
    return failure ? { ok: false, error: failure } : { ok: true, keep: true };
  };

  const names = leads
    .slice(0, SHOWN_RECIPIENTS)
    .map((lead) => `${lead.personFirstName} ${lead.personLastName}`.trim() || lead.personEmail);
  return (
    <Stack gap="lg" maw={960}>
      {overlay}
      <Stack gap={6}>
        <Group gap="sm">
          <Title order={2}>Send Bulk Emails</Title>
          <Badge variant="light" color={type === 'initial' ? 'blue' : 'grape'}>
            {type === 'initial' ? 'Initial email' : 'Follow-up'}
          </Badge>
        </Group>
        <Text>
          <strong>
            {leads.length} {leads.length === 1 ? 'recipient' : 'recipients'}
          </strong>{' '}
          <Text span c="dimmed">
            ({alreadySent} sent)
          </Text>
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {names.join(', ')}
          {leads.length > SHOWN_RECIPIENTS ? ` and ${leads.length - SHOWN_RECIPIENTS} more` : ''}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-blue-light)">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconInfoCircle size={18} style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">
            Write <Code>{'{{firstName}}'}</Code> in the subject or the message where each
            lead&apos;s first name belongs: it is replaced for every lead (with &quot;there&quot;
            when a lead has no first name). <Code>{'{{lastName}}'}</Code>,{' '}
            <Code>{'{{companyName}}'}</Code>, <Code>{'{{jobTitle}}'}</Code>,{' '}
            <Code>{'{{city}}'}</Code>, <Code>{'{{country}}'}</Code> and{' '}
            <Code>{'{{senderName}}'}</Code> work too; add a fallback for leads without the value:{' '}
            <Code>{'{{companyName|your team}}'}</Code>.
          </Text>
        </Group>
      </Paper>
      {run.error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {run.error}
        </Alert>
      ) : null}
      <EmailComposer
        mode="bulk"
        firstName="{{firstName}}"
        sendLabel={`Send to ${leads.length} ${leads.length === 1 ? 'lead' : 'leads'}`}
        busy={run.phase !== null && run.phase !== 'summary'}
        onSend={onSend}
        templatePicker={(apply) => <TemplatePicker onPick={apply} />}
        fromPicker={from.picker}
      />
    </Stack>
  );
};
